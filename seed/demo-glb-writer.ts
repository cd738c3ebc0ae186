// The demo garment's file: a small linen texture and the meshes written as a binary glTF.
import sharp from 'sharp'
import { LINEN, garment } from './demo-garment'
import { type Vec } from './demo-mesh'

async function linen(size = 64): Promise<Buffer> {
  const base: Vec = [98, 130, 166]
  // A fixed sequence, so every seed draws the same cloth.
  let state = 7
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
  const slubs = Array.from({ length: size }, () => (random() < 0.15 ? 0.03 + random() * 0.03 : 0))
  const pixels = Buffer.alloc(size * size * 3)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const weave = (x + y) % 2 === 0 ? 0.035 : -0.035
      const slub = slubs[y]! * (0.6 + 0.4 * Math.sin((x / size) * 2 * Math.PI * 3 + y))
      const shade = 1 + weave + slub + (random() - 0.5) * 0.05
      const offset = (y * size + x) * 3
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.max(0, Math.min(255, Math.round(base[c]! * shade)))
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** The shirt on its form as a binary glTF 2.0 file. */
export async function demoGarmentGlb(): Promise<Buffer> {
  const meshes = garment()
  const chunks: Buffer[] = []
  let length = 0
  const bufferViews: Record<string, unknown>[] = []
  const accessors: Record<string, unknown>[] = []
  const view = (bytes: Buffer, target?: number) => {
    const padding = (4 - (length % 4)) % 4
    if (padding) {
      chunks.push(Buffer.alloc(padding))
      length += padding
    }
    bufferViews.push({ buffer: 0, byteOffset: length, byteLength: bytes.length, ...(target ? { target } : {}) })
    chunks.push(bytes)
    length += bytes.length
    return bufferViews.length - 1
  }
  const floats = (values: number[], type: 'VEC2' | 'VEC3', bounds = false) => {
    const bytes = Buffer.from(new Float32Array(values).buffer)
    const width = type === 'VEC2' ? 2 : 3
    const accessor: Record<string, unknown> = {
      bufferView: view(bytes, 34962),
      componentType: 5126,
      count: values.length / width,
      type,
    }
    if (bounds) {
      const min = [Infinity, Infinity, Infinity]
      const max = [-Infinity, -Infinity, -Infinity]
      for (let i = 0; i < values.length; i++) {
        min[i % 3] = Math.min(min[i % 3]!, Math.fround(values[i]!))
        max[i % 3] = Math.max(max[i % 3]!, Math.fround(values[i]!))
      }
      Object.assign(accessor, { min, max })
    }
    accessors.push(accessor)
    return accessors.length - 1
  }
  const primitives = meshes.map((mesh) => {
    const wide = mesh.positions.length / 3 > 65535
    const indexBytes = Buffer.from((wide ? new Uint32Array(mesh.indices) : new Uint16Array(mesh.indices)).buffer)
    const position = floats(mesh.positions, 'VEC3', true)
    const normal = floats(mesh.normals, 'VEC3')
    const attributes: Record<string, number> = { POSITION: position, NORMAL: normal }
    if (mesh.material === LINEN) attributes.TEXCOORD_0 = floats(mesh.uvs, 'VEC2')
    accessors.push({
      bufferView: view(indexBytes, 34963),
      componentType: wide ? 5125 : 5123,
      count: mesh.indices.length,
      type: 'SCALAR',
    })
    return { attributes, indices: accessors.length - 1, material: mesh.material }
  })
  const image = view(await linen())
  const json = {
    asset: { version: '2.0', generator: 'Brand Portal demo seed' },
    scene: 0,
    scenes: [{ name: 'Linen shirt', nodes: [0] }],
    nodes: [{ name: 'Linen shirt on a dress form', mesh: 0 }],
    meshes: [{ name: 'Linen shirt', primitives }],
    materials: [
      {
        name: 'Blue linen',
        pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicFactor: 0, roughnessFactor: 0.9 },
        doubleSided: true,
      },
      {
        name: 'Shell buttons',
        pbrMetallicRoughness: { baseColorFactor: [0.86, 0.84, 0.78, 1], metallicFactor: 0, roughnessFactor: 0.35 },
      },
      {
        name: 'Linen form',
        pbrMetallicRoughness: { baseColorFactor: [0.78, 0.72, 0.62, 1], metallicFactor: 0, roughnessFactor: 0.95 },
      },
      {
        name: 'Walnut stand',
        pbrMetallicRoughness: { baseColorFactor: [0.12, 0.08, 0.06, 1], metallicFactor: 0.1, roughnessFactor: 0.45 },
      },
    ],
    textures: [{ source: 0, sampler: 0 }],
    samplers: [{ magFilter: 9729, minFilter: 9987, wrapS: 10497, wrapT: 10497 }],
    images: [{ bufferView: image, mimeType: 'image/png' }],
    accessors,
    bufferViews,
    buffers: [{ byteLength: 0 }],
  }
  const padding = (4 - (length % 4)) % 4
  const binary = Buffer.concat([...chunks, Buffer.alloc(padding)])
  json.buffers[0]!.byteLength = binary.length
  const text = Buffer.from(JSON.stringify(json))
  const jsonChunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)])
  const header = Buffer.alloc(12)
  header.writeUInt32LE(0x46546c67, 0)
  header.writeUInt32LE(2, 4)
  header.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + binary.length, 8)
  const chunkHeader = (size: number, type: number) => {
    const bytes = Buffer.alloc(8)
    bytes.writeUInt32LE(size, 0)
    bytes.writeUInt32LE(type, 4)
    return bytes
  }
  return Buffer.concat([
    header,
    chunkHeader(jsonChunk.length, 0x4e4f534a),
    jsonChunk,
    chunkHeader(binary.length, 0x004e4942),
    binary,
  ])
}
