// Outgoing mail through nodemailer: a real SMTP server when SMTP_URL is set, otherwise a local
// outbox folder (DATA_DIR/outbox) that developers open at /dev/outbox and tests read.
import fs from 'node:fs'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import { newKey } from '#app/platform/ids'
import type { Mailer, OutgoingMail } from '#app/platform/ports'

export type { Mailer, OutgoingMail }

export interface StoredMail extends OutgoingMail {
  id: string
  from: string
  sentAt: string
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl
    // nodemailer is loaded with the first message, not at start (docs/decisions/040).
    let transport: Promise<Transporter> | null = null
    return {
      outboxDir: null,
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
        await (await transport).sendMail({ from: options.from, ...mail })
      },
    }
  }
  const outboxDir = path.resolve(options.dataDir, 'outbox')
  return {
    outboxDir,
    async send(mail) {
      await fs.promises.mkdir(outboxDir, { recursive: true })
      const stored: StoredMail = { ...mail, id: newKey(), from: options.from, sentAt: new Date().toISOString() }
      // Timestamped names keep the folder in sending order; write-then-rename keeps readers from
      // seeing half a message.
      const name = `${stored.sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`
      const temporary = path.join(outboxDir, `.${name}.tmp`)
      await fs.promises.writeFile(temporary, JSON.stringify(stored, null, 2))
      await fs.promises.rename(temporary, path.join(outboxDir, name))
    },
  }
}

/** Messages in the local outbox, newest first. */
export async function readOutbox(outboxDir: string): Promise<StoredMail[]> {
  let names: string[]
  try {
    names = await fs.promises.readdir(outboxDir)
  } catch {
    return []
  }
  const files = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
  return Promise.all(
    files.map(async (name) => JSON.parse(await fs.promises.readFile(path.join(outboxDir, name), 'utf8')) as StoredMail),
  )
}

/**
 * Whether the development outbox (/dev/outbox) may be shown to a client. It holds invite links,
 * so: never in production, only for the local outbox, only to this machine, and never behind a
 * proxy: with TRUST_PROXY the client address comes from X-Forwarded-For, which anyone can set to
 * 127.0.0.1.
 */
export function outboxServedTo(
  env: { NODE_ENV: string; TRUST_PROXY: boolean },
  mailer: Pick<Mailer, 'outboxDir'>,
  clientIp: string | undefined,
): boolean {
  if (env.NODE_ENV === 'production' || env.TRUST_PROXY || !mailer.outboxDir) return false
  return ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(clientIp ?? '')
}
