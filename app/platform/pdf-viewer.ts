/**
 * Where the browser loads the PDF renderer from. pdf.js draws pages on a canvas with our own
 * scripts and worker, so a PDF previews under the portal's security policy (no plugin, no frame;
 * docs/decisions/133). The version is in the path so the files can be cached for good.
 */
export const PDF_VIEWER_VERSION = '4.10.38'
export const PDF_VIEWER_PATH = `/vendor/pdfjs-${PDF_VIEWER_VERSION}`
export const PDF_VIEWER = {
  module: `${PDF_VIEWER_PATH}/build/pdf.min.mjs`,
  worker: `${PDF_VIEWER_PATH}/build/pdf.worker.min.mjs`,
  standardFonts: `${PDF_VIEWER_PATH}/standard_fonts/`,
  cMaps: `${PDF_VIEWER_PATH}/cmaps/`,
}
/** Pages drawn in the preview; longer documents say so and offer the download. */
export const PDF_PREVIEW_PAGES = 20
