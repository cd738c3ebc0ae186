// The list itself is drawn by its layout (_list.tsx); with no modal open, nothing goes over it.
export default function ProductsIndex() {
  return null
}
