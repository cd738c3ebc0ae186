// The image process: makes the thumbnail and web size of uploaded images at a lower CPU priority
// than the portal, so a batch of photos uses every idle core but page requests always come first
// (docs/decisions/109). The portal (app/features/files/image-process.server.ts) sends one job per image
// over IPC and gets the encoded sizes back. Plain JavaScript: it runs as is in every mode.
import fs from 'node:fs'
import os from 'node:os'
import process from 'node:process'

const nice = Number(process.env.IMAGE_NICE ?? 10)

/**
 * Lowers the priority of every thread of this process. On Linux a nice value belongs to a thread,
 * and threads inherit their starter's: the threads Node started before this script ran (libuv's
 * pool, where sharp works) are changed one by one; those started later inherit it.
 */
function lowerPriority() {
  try {
    for (const thread of fs.readdirSync('/proc/self/task')) os.setPriority(Number(thread), nice)
  } catch {
    try {
      os.setPriority(0, nice)
    } catch {
      // A platform without priorities runs the images at normal priority.
    }
  }
}

const { default: sharp } = await import('sharp')
sharp.cache(false)
lowerPriority()

const formatOf = (type) =>
  type === 'image/gif' ? 'gif' : type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpeg'

/**
 * The web size (at most `web` px a side, never enlarged) and the thumbnail (`thumbnail`, 3:4,
 * cover), upright, in the original's own format. JPEGs are shrunk while they are decoded
 * (shrink-on-load), and when both are asked the thumbnail is cut from the web size, so the large
 * file is decoded once.
 */
async function sizes(job) {
  const format = formatOf(job.type)
  const open = (input) => sharp(input, { limitInputPixels: job.maxPixels, sequentialRead: true })
  const thumbnailOf = (input) =>
    open(input)
      .rotate()
      .resize(job.thumbnail.width, job.thumbnail.height, { fit: 'cover', fastShrinkOnLoad: true })
      .toFormat(format, { quality: 82 })
      .toBuffer()
  if (!job.web) return { thumbnail: await thumbnailOf(job.input), web: null }
  const web = await open(job.input)
    .rotate()
    .resize(job.web, job.web, { fit: 'inside', withoutEnlargement: true })
    .toFormat(format, { quality: 85 })
    .toBuffer()
  // A GIF's web size keeps only its first frame's palette: its thumbnail comes from the original.
  const thumbnail = await thumbnailOf(format === 'gif' ? job.input : web)
  return { thumbnail, web }
}

process.on('message', async (job) => {
  try {
    process.send({ id: job.id, ...(await sizes(job)) })
  } catch (error) {
    process.send({ id: job.id, error: error instanceof Error ? error.message : String(error) })
  }
})

// The portal went away: nothing more will come.
process.on('disconnect', () => process.exit(0))
process.send({ ready: true })
