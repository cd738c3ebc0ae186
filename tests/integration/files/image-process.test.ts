// The image process (docs/decisions/109): sizes made at a lower priority, a bad image answered as
// an error, and a process that dies failing only its own jobs while the next job starts afresh.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageProcess, type SizesJob } from '#app/features/files/image-process.server'

let dir: string
let photo: string
const job = (input: string): SizesJob => ({
  input,
  type: 'image/jpeg',
  maxPixels: 60_000_000,
  thumbnail: { width: 300, height: 400 },
  web: 1600,
})

/** The nice value of each thread of a process, from /proc (Linux). */
function threadNiceValues(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start at "state"; nice is field 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[16])
  })
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-process-'))
  photo = path.join(dir, 'photo.jpg')
  await sharp({ create: { width: 2400, height: 3200, channels: 3, background: '#b4685a' } })
    .jpeg()
    .toFile(photo)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the image process', () => {
  it('makes a 300 × 400 thumbnail and a web size of at most 1600 px, at a lower priority', async () => {
    const images = new ImageProcess({ nice: 7, idleMs: 60_000, jobTimeoutMs: 60_000 })
    try {
      const sizes = await images.sizes(job(photo))
      const thumbnail = await sharp(sizes.thumbnail).metadata()
      const web = await sharp(sizes.web!).metadata()
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['jpeg', 300, 400])
      expect([web.width, web.height]).toEqual([1200, 1600])
      if (fs.existsSync('/proc/self/task')) {
        const values = threadNiceValues(images.pid!)
        // Every thread, those Node started before the script ran (libuv's pool, where sharp
        // works) and those started since (libvips').
        expect(values.length).toBeGreaterThan(1)
        expect(new Set(values)).toEqual(new Set([7]))
      }
    } finally {
      await images.stop()
    }
  })

  it('answers a file that is not an image with an error, and goes on with the next job', async () => {
    const images = new ImageProcess({ nice: 10, idleMs: 60_000, jobTimeoutMs: 60_000 })
    const notAnImage = path.join(dir, 'fake.jpg')
    fs.writeFileSync(notAnImage, '<html>not a photo</html>')
    try {
      await expect(images.sizes(job(notAnImage))).rejects.toThrow()
      const sizes = await images.sizes({ ...job(photo), web: null })
      expect(sizes.web).toBeNull()
      expect((await sharp(sizes.thumbnail).metadata()).width).toBe(300)
    } finally {
      await images.stop()
    }
  })

  it('fails the jobs of a process that dies, and starts a new one for the next job', async () => {
    const images = new ImageProcess({ nice: 10, idleMs: 60_000, jobTimeoutMs: 60_000 })
    try {
      const first = images.sizes(job(photo))
      const pid = images.pid!
      process.kill(pid, 'SIGKILL')
      await expect(first).rejects.toThrow('The image process stopped.')
      const sizes = await images.sizes(job(photo))
      expect(images.pid).not.toBe(pid)
      expect((await sharp(sizes.thumbnail).metadata()).height).toBe(400)
    } finally {
      await images.stop()
    }
  })

  it('ends a job that takes too long, and the process with it', async () => {
    const images = new ImageProcess({ nice: 10, idleMs: 60_000, jobTimeoutMs: 1 })
    try {
      await expect(images.sizes(job(photo))).rejects.toThrow('Making the image sizes took too long.')
      expect(images.pid).toBeUndefined()
    } finally {
      await images.stop()
    }
  })

  it('stops after a while without work', async () => {
    const images = new ImageProcess({ nice: 10, idleMs: 50, jobTimeoutMs: 60_000 })
    await images.sizes(job(photo))
    const pid = images.pid!
    await expect.poll(() => images.pid, { timeout: 5_000 }).toBeUndefined()
    const alive = () => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    }
    await expect.poll(alive, { timeout: 5_000 }).toBe(false)
  })
})
