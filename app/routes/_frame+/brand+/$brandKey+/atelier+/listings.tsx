// `/brand/{key}/atelier`: the products list in the atelier context (catalogue.md §2): SKU column,
// names linking to the style page. The route is the products list's; it reads its context from
// the address.
export { default, handle, loader, meta } from '../products+/_list'
