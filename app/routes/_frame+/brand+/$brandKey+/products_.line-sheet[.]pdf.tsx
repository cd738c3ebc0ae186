// `/brand/{id}/products/line-sheet.pdf`: its file is made in app/features/catalogue/pages/line-sheet-file.server.ts.
export { loader } from '#app/features/catalogue/pages/line-sheet-file.server'
