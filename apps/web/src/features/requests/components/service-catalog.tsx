import { Card, SimpleGrid, Text, TextInput, CloseButton } from '@mantine/core'
import { CATALOG_CARDS } from '@townworks/contract/constants'
import { useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ServiceIllustration } from './service-illustration'
import { ServiceRequestModal, useServiceRequestForm } from './service-request-modal'
import './requests.css'

/** Cards whose title contains the query, ignoring case (the seed's search). */
export function filterCards(query: string) {
  const q = query.trim().toLowerCase()
  return q ? CATALOG_CARDS.filter((c) => c.title.toLowerCase().includes(q)) : CATALOG_CARDS
}

/** The 24 services with a search box; a card opens the request form with its service chosen. */
export function ServiceCatalog() {
  const { t } = useTranslation('requests')
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const cards = filterCards(deferred)
  const request = useServiceRequestForm()
  const [opened, setOpened] = useState(false)

  return (
    <div className="requests-catalog">
      <TextInput
        className="requests-catalog__search"
        label={t('catalog.searchLabel')}
        placeholder={t('catalog.searchPlaceholder')}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSection={query ? <CloseButton aria-label={t('catalog.clear')} onClick={() => setQuery('')} /> : undefined}
      />
      <p className="requests-catalog__count" role="status" aria-live="polite">
        {cards.length === 0
          ? t('catalog.empty', { query: deferred.trim() })
          : t('catalog.count', { count: cards.length })}
      </p>
      <SimpleGrid
        cols={{ base: 2, xs: 3, sm: 4, md: 6 }}
        spacing="sm"
        component="ul"
        className="requests-catalog__grid"
      >
        {cards.map((card) => (
          <li key={card.slug}>
            <Card
              component="button"
              type="button"
              withBorder
              padding="sm"
              className="requests-card"
              aria-label={t('catalog.cardLabel', { title: card.title, service: t(`services.${card.service}`) })}
              onClick={() => {
                request.start(card.service)
                setOpened(true)
              }}
            >
              <span className="requests-card__art">
                <ServiceIllustration slug={card.slug} />
              </span>
              <Text component="span" fw={700} className="requests-card__title">
                {card.title}
              </Text>
              <Text component="span" size="sm" className="requests-card__service">
                {t('catalog.books', { service: t(`services.${card.service}`) })}
              </Text>
            </Card>
          </li>
        ))}
      </SimpleGrid>
      <ServiceRequestModal opened={opened} state={request} onClose={() => setOpened(false)} />
    </div>
  )
}
