import type { NotificationProvider, ProviderLogger } from './provider'

/** For development: the message goes to the log and counts as sent. */
export function createLogProvider(log: ProviderLogger): NotificationProvider {
  return {
    name: 'log',
    async send(message) {
      log.info(
        { notification: message.id, channel: message.channel, to: message.to, dltTemplateId: message.dltTemplateId },
        `[${message.channel} to ${message.to}] ${message.body}`,
      )
      return { providerId: `log-${message.id}` }
    },
  }
}
