// The text rule (app/platform/text-rule.ts) on every address before anything reads it: a path
// segment or query value holding a control character (`?search=a%00b`) is answered 400 here, for
// pages, the JSON API, files and uploads alike.
import type { NextFunction, Request, Response } from 'express'
import { forbiddenTextPath, isForbiddenText, TEXT_REFUSED } from '#app/platform/text-rule'

function decodedSegments(path: string): string[] {
  return path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      return segment // malformed escapes are the router's to refuse
    }
  })
}

export function refuseControlCharactersInAddress(req: Request, res: Response, next: NextFunction) {
  const bad = decodedSegments(req.path).some(isForbiddenText)
    ? 'path'
    : forbiddenTextPath(req.query as unknown, 'query')
  if (!bad) return next()
  const message = `${bad}: ${TEXT_REFUSED}`
  res.status(400)
  if (req.path.startsWith('/api/')) res.json({ error: { type: 'ValidationError', message } })
  else res.type('text/plain').send(message)
}
