// `/brand/{key}/products/line-sheet?…`: its page lives in app/features/catalogue/pages/line-sheet.tsx.
export { loader } from '#app/features/catalogue/pages/line-sheet.server'
export { default } from '#app/features/catalogue/pages/line-sheet'
