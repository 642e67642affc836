import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Quote, ServiceRequestDetail } from '@townworks/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../../components/query-state'
import { describeApiError } from '../../../../lib/api-error-text'
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format'
import { useNames } from '../../../../lib/names'
import { Link } from '../../../../lib/router'
import { useRequestQuotes } from '../api/request-quotes'
import { lastValidDay } from '../model/quote-form'
import { fieldText } from './field-text'
import { QuoteLines } from './quote-lines'
import { QuoteSlot } from './quote-slot'
import { QuoteTotal } from './quote-total'
import { QuoteVersions } from './quote-versions'
import { useQuoteForm, type QuoteFormState } from './use-quote-form'
import './quote-office.css'

export interface QuoteDialogProps {
  /** The open request to quote; null closes the dialog. */
  request: ServiceRequestDetail | null
  onClose: () => void
}

/**
 * "Prepare quote" for an open request (issue 22, decision 061): the versions sent so far, and the form
 * of the next one (its lines, visit charge, last day, note and an optional slot, the total as it is
 * typed). Full screen on a phone. Once a version is accepted there is nothing more to quote: the
 * request is scheduled (Create Schedule charges the task from the quote).
 */
export function QuoteDialog({ request, onClose }: QuoteDialogProps) {
  const { t } = useTranslation('quotes')
  const phone = useMediaQuery('(max-width: 640px)')
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request ? t('office.dialog.title', { reference: request.reference }) : ''}
      fullScreen={phone}
      size="64rem"
      classNames={{ content: 'quote-office', title: 'quote-office__title' }}
      closeButtonProps={{ 'aria-label': t('office.dialog.close') }}
    >
      {/* A body per request: another request's dialog starts from its own draft. */}
      {request ? <QuoteDialogBody key={request.id} request={request} onClose={onClose} /> : null}
    </Modal>
  )
}

function QuoteDialogBody({ request, onClose }: { request: ServiceRequestDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation('quotes')
  const names = useNames()
  const quotes = useRequestQuotes(request.id)
  const list = quotes.data?.quotes
  const accepted = list?.find((q) => q.status === 'accepted')
  return (
    <Stack gap="md">
      <Text size="sm">
        {t('office.dialog.intro', {
          name: request.name,
          service: names.service(request.service),
          town: names.town(request.town),
          date: formatDate(request.service_date, i18n.language),
        })}
      </Text>
      <QueryState
        query={quotes}
        loading={t('office.dialog.loading')}
        describeError={(error) =>
          describeApiError(error, { rest: (message) => t('office.dialog.loadFailed', { message }) })
        }
      >
        {({ quotes: versions }) => <QuoteVersions quotes={versions} />}
      </QueryState>
      {accepted ? (
        <Alert color="green" title={t('office.accepted.title', { version: accepted.version })}>
          <Text size="sm">
            {t('office.accepted.body', {
              when: accepted.decided_at ? formatDateTime(accepted.decided_at, i18n.language) : '',
              total: formatMoney(accepted.total_paise, i18n.language),
            })}{' '}
            <Link to={`/ts?requestId=${request.id}`}>
              {t('office.accepted.schedule', { reference: request.reference })}
            </Link>
          </Text>
        </Alert>
      ) : quotes.isPending ? null : (
        // After the versions have come (or failed to): a changed quote starts from the latest one.
        <QuoteEditor request={request} latest={list?.[0]} onClose={onClose} />
      )}
    </Stack>
  )
}

function QuoteEditor({
  request,
  latest,
  onClose,
}: {
  request: ServiceRequestDetail
  latest: Quote | undefined
  onClose: () => void
}) {
  const state = useQuoteForm(request, latest)
  const { t, form, today, failure, sent, sending, onSubmit } = state
  const { i18n } = useTranslation()
  const headingId = useId()
  // Read at each call: a field's words depend on what is typed in it now (the quantity against its unit).
  const err = (path: string) => fieldText(t, form.formState.errors, form.getValues(), path, today, i18n.language)
  // The next version's number, before the list has read the one just sent again.
  const version = Math.max(latest?.version ?? 0, sent?.version ?? 0) + 1
  return (
    <section aria-labelledby={headingId} className="quote-form">
      <Title order={3} size="h4" id={headingId}>
        {t('office.form.heading', { version })}
      </Title>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <QuoteLines state={state} request={request} err={err} />
          <QuoteTerms state={state} err={err} />
          <QuoteSlot state={state} request={request} err={err} />
          <QuoteTotal state={state} />
          <SendOutcome state={state} request={request} />
          {failure ? (
            <Alert color="red" title={t('office.refused.title')} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('office.form.close')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('office.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  )
}

/** The visit charge, the last day the customer may accept, and a note to them. */
function QuoteTerms({ state, err }: { state: QuoteFormState; err: (path: string) => string | undefined }) {
  const { t, form, today } = state
  const { i18n } = useTranslation()
  const last = lastValidDay(today)
  return (
    <>
      <div className="quote-form__terms">
        <TextInput
          inputMode="decimal"
          label={t('office.form.visitCharge')}
          description={t('office.form.visitChargeHint')}
          leftSection={<span aria-hidden="true">₹</span>}
          {...form.register('visit_charge')}
          error={err('visit_charge')}
        />
        <TextInput
          type="date"
          label={t('office.form.validUntil')}
          description={t('office.form.validUntilHint', { date: formatDate(last, i18n.language) })}
          withAsterisk
          min={today}
          max={last}
          {...form.register('valid_until')}
          error={err('valid_until')}
        />
      </div>
      <Textarea
        label={t('office.form.note')}
        description={t('office.form.noteHint')}
        rows={3}
        maxLength={1000}
        {...form.register('note')}
        error={err('note')}
      />
    </>
  )
}

/** After "Send quote": which version went, for how much, and that the customer got a message with a link. */
function SendOutcome({ state: { t, sent }, request }: { state: QuoteFormState; request: ServiceRequestDetail }) {
  const { i18n } = useTranslation()
  return (
    <div aria-live="polite" aria-atomic="true">
      {sent ? (
        <Alert color="green" title={t('office.sent.title', { version: sent.version })} role="status">
          {t('office.sent.body', {
            name: request.name,
            total: formatMoney(sent.total_paise, i18n.language),
            date: formatDate(sent.valid_until, i18n.language),
          })}
        </Alert>
      ) : null}
    </div>
  )
}
