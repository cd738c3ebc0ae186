// A link between the browser and the portal that the test controls: what the browser sends goes
// through at `bytesPerSecond` (an upload takes long enough to be cut), and `cut()` drops every
// connection at once and every later one, as a network that goes away does: a browser resends a
// request whose reused connection was reset, which a link still up would carry through. Only on
// 127.0.0.1.
import net from 'node:net'

export interface SlowLink {
  /** The portal's address through the link. */
  baseURL: string
  /** Drops every connection, and every one opened after. */
  cut(): void
  /** From now on, what the browser sends goes through at once. */
  unthrottle(): void
  close(): Promise<void>
}

export async function openSlowLink(portalURL: string, bytesPerSecond: number): Promise<SlowLink> {
  const target = new URL(portalURL)
  const sockets = new Set<net.Socket>()
  let pace: number | null = bytesPerSecond
  let down = false
  const server = net.createServer((client) => {
    if (down) return client.destroy()
    const upstream = net.connect(Number(target.port), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => undefined)
      socket.on('close', () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    upstream.pipe(client)
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk)
      if (pace === null) return
      // The next bytes wait as long as these would take at the link's pace.
      client.pause()
      setTimeout(() => client.resume(), (chunk.length / pace) * 1000)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}`,
    unthrottle: () => {
      pace = null
    },
    cut: () => {
      down = true
      for (const socket of sockets) socket.destroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
