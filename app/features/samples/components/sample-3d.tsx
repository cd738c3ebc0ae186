// A glTF virtual sample on the review page (docs/decisions/137). The server renders a card with the
// file's name, its pins as links to their threads and Download, which is all there is without
// JavaScript; in the browser the 3D viewer takes its place (model-viewer-3d.client.tsx, loaded
// only there), with orbit, zoom and pins on the model that keep their author's camera.
export * from './sample-3d-stage'
export * from './sample-3d-parts'
