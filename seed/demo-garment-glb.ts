// The demo's 3D virtual sample: the Linen Shirt on a dress form, built from parametric surfaces
// and written as a binary glTF (.glb) at seed time, so nothing is downloaded and nothing binary is
// committed. Split into its geometry, the garment and the file; this file is what the seed imports.
export * from './demo-mesh'
export * from './demo-garment'
export * from './demo-glb-writer'
