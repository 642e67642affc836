import type { FastifyReply } from 'fastify'
import { attachment, csvStream, type CsvTable } from '../shared/csv'

/**
 * Send a table as a CSV download (decision 045): streamed as the database yields its batches, never
 * held whole. The stream is the answer; Fastify sends it as it is, without the JSON serializer.
 */
export function sendCsv(reply: FastifyReply, fileName: string, table: CsvTable): never {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
  return csvStream(table.header, table.batches) as never
}
