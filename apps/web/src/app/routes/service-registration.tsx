import { useTranslation } from 'react-i18next'
import { ServiceCatalog } from '../../features/requests/components/service-catalog'
import { Screen } from '../screen'
import { providePhoneSignIn } from './phone-confirm'

providePhoneSignIn()

/**
 * Service Registration (seed /imdDisplay): the 24 services, search, and the request form. The
 * catalog is plain elements; the form brings Mantine (its MantineScope) when it is first wanted.
 */
export function Component() {
  const { t } = useTranslation('requests')
  return (
    <Screen id="imdDisplay" lead={t('catalog.lead')}>
      <ServiceCatalog />
    </Screen>
  )
}
