import { Alert, Paper, Stack, Switch, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeApiError } from '../../../lib/api-error-text'
import { useStaffSecurity } from '../api/staff-security'
import { useUpdateStaffSecurity } from '../api/update-staff-security'

/**
 * The admin's rule for staff sign-ins (issue 19): "require a code for all staff" after the password,
 * and the staff who have no verified number yet (they sign in with the password alone until they
 * add one on their profile).
 */
export function StaffSecurityPanel() {
  const { t } = useTranslation('users')
  const security = useStaffSecurity()
  const update = useUpdateStaffSecurity()
  const [error, setError] = useState('')
  const data = security.data
  if (!data) return null
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="staff-security-title">
      <Stack gap="xs">
        <Text component="h2" id="staff-security-title" fw={700} size="lg">
          {t('staffSecurity.title')}
        </Text>
        <Switch
          label={t('staffSecurity.require')}
          description={t('staffSecurity.requireHint')}
          checked={data.staff_second_step_required}
          disabled={update.isPending}
          onChange={(event) => {
            setError('')
            update.mutate(event.currentTarget.checked, {
              onError: (failure) => setError(describeApiError(failure, { CONFLICT: t('staffSecurity.needOwnNumber') })),
            })
          }}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {data.staff_without_number.length > 0 ? (
          <Text size="sm">
            {t('staffSecurity.withoutNumber', {
              count: data.staff_without_number.length,
              names: data.staff_without_number.join(', '),
            })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}
