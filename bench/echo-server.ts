// The chat benchmark's baseline (bench/chat.ts): a bare socket.io server in its own process that
// relays each message to a room, as the portal's chat does, with no session, no access check and
// no storage. The difference between the two runs is the cost of authorizing and storing.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'

const httpServer = createServer()
const io = new Server(httpServer, { serveClient: false })

io.on('connection', (socket) => {
  socket.on('join', (room: string, ack?: (answer: unknown) => void) => {
    void socket.join(room)
    ack?.({ ok: true })
  })
  socket.on('send', (payload: { conversation: string }, ack?: (answer: unknown) => void) => {
    // Like the portal: every socket of the room, the sender's too, then the acknowledgement.
    io.to(payload.conversation).emit('message', payload)
    ack?.({ ok: true, data: payload })
  })
})

httpServer.listen(0, '127.0.0.1', () => {
  console.log(`echo server listening on ${(httpServer.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => {
  io.close(() => process.exit(0))
})
