import { appendFileSync } from 'node:fs'
import type { NotificationProvider, ProviderLogger } from './provider'
import { MASKED_CODE } from '../templates'

export interface LogProviderOptions {
  /**
   * Whether a one-time code is written as it is (development and the browser journeys, where the
   * log is the only phone there is) or masked (production, NOTIFICATION_LOG_CODES unset).
   */
  showCodes: boolean
  /** A file each message is appended to as one JSON line (NOTIFICATION_LOG_FILE): the test's SMS inbox. */
  file?: string
}

/** For development: the message goes to the log (and the file, when set) and counts as sent. */
export function createLogProvider(
  log: ProviderLogger,
  options: LogProviderOptions = { showCodes: false },
): NotificationProvider {
  return {
    name: 'log',
    async send(message) {
      const body =
        message.secret && !options.showCodes ? message.body.replaceAll(message.secret, MASKED_CODE) : message.body
      log.info(
        { notification: message.id, channel: message.channel, to: message.to, dltTemplateId: message.dltTemplateId },
        `[${message.channel} to ${message.to}] ${body}`,
      )
      if (options.file) {
        const line = { id: message.id, event: message.event, channel: message.channel, to: message.to, body }
        appendFileSync(options.file, `${JSON.stringify({ ...line, at: new Date().toISOString() })}\n`)
      }
      return { providerId: `log-${message.id}` }
    },
  }
}
