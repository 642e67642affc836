import { BarChart, LineChart } from 'chartist'
import 'chartist/dist/index.css'
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { ScrollRegion } from '../../../components/scroll-region'

export interface ChartSeries {
  name: string
  values: (number | null)[]
  /** How the table writes this column, when not as the chart's axis does. */
  format?: (value: number) => string
}

export interface ChartFigureProps {
  title: string
  /** The first column's heading in the table view (Day, Week starting). */
  labelHeading: string
  /** One label per point, in the reader's language. */
  labels: string[]
  series: ChartSeries[]
  kind: 'bar' | 'line'
  stack?: boolean
  /** A value as the axis and the table write it (₹, hours, %). */
  format: (value: number) => string
  /** Extra columns shown in the table only (e.g. the hours behind a percentage). */
  extra?: ChartSeries[]
  /** Whole numbers only on the value axis (counts, paise). */
  integer?: boolean
  /** The value axis's top at least (1 for a share: 100 %). */
  high?: number
}

/**
 * One chart (Chartist's SVG, hidden from screen readers) with its legend, and the same numbers as a
 * table: always in the page for screen readers, shown on screen with "Show as table".
 */
export function ChartFigure(props: ChartFigureProps) {
  const { title, labelHeading, labels, series, kind, stack, format, extra = [], integer = false, high } = props
  const { t } = useTranslation('dashboard')
  const chartRef = useRef<HTMLDivElement>(null)
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()

  useEffect(() => {
    const element = chartRef.current
    if (!element || asTable) return
    // Every label fits at 390 px: at most about eight along the axis.
    const step = Math.max(1, Math.ceil(labels.length / 8))
    const data = { labels, series: series.map((s) => s.values) }
    const options = {
      height: 220,
      // Room above the top label, which Chartist centres on its grid line.
      chartPadding: { top: 20, right: 12, bottom: 4, left: 12 },
      axisX: {
        showGrid: false,
        labelInterpolationFnc: (value: unknown, index: number) => (index % step === 0 ? String(value) : null),
      },
      axisY: { onlyInteger: integer, labelInterpolationFnc: (value: unknown) => format(Number(value)), offset: 64 },
      low: 0,
      ...(high === undefined ? {} : { high: Math.max(high, ...series.flatMap((s) => s.values.map((v) => v ?? 0))) }),
    }
    const chart =
      kind === 'bar'
        ? new BarChart(element, data, { ...options, stackBars: stack ?? false, seriesBarDistance: 8 })
        : new LineChart(element, data, { ...options, showArea: false, fullWidth: true, lineSmooth: false })
    return () => {
      chart.detach()
    }
  }, [labels, series, kind, stack, format, integer, high, asTable])

  const columns = [
    ...series.map((s) => ({ ...s, format: s.format ?? format })),
    ...extra.map((s) => ({ ...s, format: s.format ?? format })),
  ]
  const table = (
    <table className="dashboard-table">
      <caption className="visually-hidden">{t('charts.tableOf', { title })}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeading}</th>
          {columns.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((label, row) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {columns.map((s) => {
              const value = s.values[row]
              return <td key={s.name}>{value === null || value === undefined ? '—' : s.format(value)}</td>
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )

  return (
    <figure className="dashboard-chart" aria-labelledby={titleId}>
      <div className="dashboard-chart__head">
        <h3 id={titleId} className="dashboard-chart__title">
          {title}
        </h3>
        <button type="button" className="dashboard-chart__toggle" onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('charts.showChart') : t('charts.showTable')}
        </button>
      </div>
      {asTable ? null : (
        <>
          <ul className="dashboard-legend" aria-label={t('charts.legend')}>
            {series.map((s, i) => (
              <li key={s.name}>
                <span className={`dashboard-legend__swatch dashboard-legend__swatch--${i}`} aria-hidden="true" />
                {s.name}
              </li>
            ))}
          </ul>
          <div
            ref={chartRef}
            className="dashboard-chart__plot"
            aria-hidden="true"
            // Bars as wide as a day's share of the plot allows: thin for a month of days, wide for a few weeks.
            style={{ '--dashboard-bar': `${labels.length > 16 ? 4 : labels.length > 8 ? 8 : 14}px` } as CSSProperties}
          />
        </>
      )}
      {/* The table is always there for screen readers; on screen only when asked for (a hidden one takes no focus). */}
      {asTable ? (
        <ScrollRegion label={t('charts.tableOf', { title })}>{table}</ScrollRegion>
      ) : (
        <div className="visually-hidden">{table}</div>
      )}
    </figure>
  )
}
