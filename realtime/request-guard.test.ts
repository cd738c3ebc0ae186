import { describe, expect, it } from 'vitest'
import { isAllowedOrigin, requestPathname } from './request-guard'

describe('requestPathname', () => {
  it.each([
    ['/yjs/scratch:abc:board', '/yjs/scratch:abc:board'],
    ['/yjs/scratch%3Aabc', '/yjs/scratch:abc'],
    ['/socket.io/?EIO=4&transport=websocket', '/socket.io/'],
  ])('decodes %s', (url, expected) => {
    expect(requestPathname({ url })).toBe(expected)
  })

  it.each(['/yjs/%E0%A4%A', 'http://[/yjs/x', 'http://portal.example/yjs/x', '//evil/yjs/x', 'yjs/x', '/%'])(
    'refuses %s',
    (url) => {
      expect(requestPathname({ url })).toBeNull()
    },
  )
})

describe('isAllowedOrigin', () => {
  const request = (origin: string | undefined, host = 'portal.example:3000') => ({
    headers: { host, ...(origin !== undefined && { origin }) },
  })

  it('lets clients without an Origin through', () => {
    expect(isAllowedOrigin(request(undefined))).toBe(true)
  })
  it('accepts the host itself without APP_URL, and refuses any other', () => {
    expect(isAllowedOrigin(request('http://portal.example:3000'))).toBe(true)
    expect(isAllowedOrigin(request('http://evil.example'))).toBe(false)
    expect(isAllowedOrigin(request('null'))).toBe(false)
  })
  it('accepts only APP_URL when it is set', () => {
    expect(isAllowedOrigin(request('https://portal.example'), 'https://portal.example/')).toBe(true)
    expect(isAllowedOrigin(request('http://portal.example:3000'), 'https://portal.example')).toBe(false)
  })
})
