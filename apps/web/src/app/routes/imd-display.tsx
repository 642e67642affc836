import { useTranslation } from 'react-i18next'
import { ServiceCatalog } from '../../features/requests/components/service-catalog'
import { MantineScope } from '../../lib/mantine'
import { Screen } from '../screen'

/** Service Registration (seed /imdDisplay): the 24 services, search, and the request form. */
export function Component() {
  const { t } = useTranslation('requests')
  return (
    <MantineScope>
      <Screen id="imdDisplay" lead={t('catalog.lead')}>
        <ServiceCatalog />
      </Screen>
    </MantineScope>
  )
}
