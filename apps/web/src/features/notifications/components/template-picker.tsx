import { Select } from '@mantine/core'
import type { JobResponse } from '@townworks/contract'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../lib/format'
import { MESSAGE_TEMPLATES, templateValues, type MessageTemplateId } from '../model/templates'

/**
 * Ready-made messages: choosing one puts its words (with the job's reference, time and worker)
 * into the message, which stays editable. Those that name a job wait until one is picked.
 */
export function TemplatePicker({ job, onText }: { job: JobResponse | undefined; onText: (text: string) => void }) {
  const { t, i18n } = useTranslation('notifications')
  const data = MESSAGE_TEMPLATES.map((template) => ({
    value: template.id,
    label: t(`templates.${template.id}.name`),
    disabled: template.needsJob && !job,
  }))
  return (
    <Select
      label={t('templates.label')}
      description={job ? t('templates.hint') : t('templates.hintNoJob')}
      placeholder={t('templates.none')}
      data={data}
      value={null}
      onChange={(value) => {
        if (!value) return
        const values = templateValues(job, (date) => formatDate(date, i18n.language))
        onText(t(`templates.${value as MessageTemplateId}.text`, values))
      }}
    />
  )
}
