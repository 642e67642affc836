import type { DashboardCharts } from '@townworks/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, intlLocale } from '../../../lib/format'
import { ChartFigure } from './chart-figure'

/** A yyyy-MM-dd day as a short label in the reader's language ("26 Nov", "26 నవం"). */
function dayLabel(locale: string) {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`))
}

/** The dashboard's five charts, drawn from one answer of GET /api/dashboard/charts. */
export function Charts({ data }: { data: DashboardCharts }) {
  const { t, i18n } = useTranslation('dashboard')
  const locale = intlLocale(i18n.language)
  const charts = useMemo(() => {
    const label = dayLabel(locale)
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })
    const days = data.days.map((d) => label(d.day))
    const weeks = data.weeks.map((w) => label(w.week))
    return {
      days,
      weeks,
      count: (v: number) => number.format(v),
      percent: (v: number) => percent.format(v),
      money: (v: number) => formatMoney(v, i18n.language),
      hours: (v: number) => number.format(v),
    }
  }, [data, locale, i18n.language])
  const hours = (minutes: number) => Math.round(minutes / 6) / 10

  return (
    <div className="dashboard-charts">
      <ChartFigure
        title={t('charts.requests.title')}
        labelHeading={t('charts.day')}
        labels={charts.days}
        kind="line"
        series={[{ name: t('charts.requests.received'), values: data.days.map((d) => d.received) }]}
        format={charts.count}
        integer
      />
      <ChartFigure
        title={t('charts.decisions.title')}
        labelHeading={t('charts.day')}
        labels={charts.days}
        kind="bar"
        stack
        series={[
          { name: t('charts.decisions.accepted'), values: data.days.map((d) => d.accepted) },
          { name: t('charts.decisions.rejected'), values: data.days.map((d) => d.rejected) },
        ]}
        format={charts.count}
        integer
      />
      <ChartFigure
        title={t('charts.money.title')}
        labelHeading={t('charts.week')}
        labels={charts.weeks}
        kind="bar"
        series={[
          { name: t('charts.money.revenue'), values: data.weeks.map((w) => w.revenue_paise) },
          { name: t('charts.money.payouts'), values: data.weeks.map((w) => w.payouts_paise) },
        ]}
        format={charts.money}
        integer
      />
      <ChartFigure
        title={t('charts.utilisation.title')}
        labelHeading={t('charts.week')}
        labels={charts.weeks}
        kind="bar"
        series={[
          {
            name: t('charts.utilisation.share'),
            values: data.weeks.map((w) => (w.working_minutes > 0 ? w.booked_minutes / w.working_minutes : null)),
          },
        ]}
        extra={[
          {
            name: t('charts.utilisation.booked'),
            values: data.weeks.map((w) => hours(w.booked_minutes)),
            format: charts.hours,
          },
          {
            name: t('charts.utilisation.working'),
            values: data.weeks.map((w) => hours(w.working_minutes)),
            format: charts.hours,
          },
        ]}
        format={charts.percent}
        high={1}
      />
      <ChartFigure
        title={t('charts.lag.title')}
        labelHeading={t('charts.week')}
        labels={charts.weeks}
        kind="bar"
        series={[{ name: t('charts.lag.hours'), values: data.weeks.map((w) => w.assignment_hours) }]}
        extra={[
          { name: t('charts.lag.requests'), values: data.weeks.map((w) => w.assigned_requests), format: charts.count },
        ]}
        format={charts.hours}
      />
    </div>
  )
}
