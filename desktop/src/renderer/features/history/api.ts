import { pagedSchema, participantLogEntrySchema } from '@tsudoi/common';
import type { ApiClient } from '@tsudoi/ui/api';

const pageAnswer = pagedSchema(participantLogEntrySchema);

export interface HistoryQuery {
  floorId: number;
  from: string;
  to: string;
  page: number;
}

/** GET /floors/{id}/participant-log: one page of the enter/leave history (Japan days). */
export async function fetchHistory(api: ApiClient, q: HistoryQuery) {
  const query = new URLSearchParams({ from: q.from, to: q.to, page: String(q.page), limit: '20' });
  return pageAnswer.parse(await api.get(`/floors/${q.floorId}/participant-log?${query}`));
}

/** …/export: the CSV text (the client reads a non-JSON answer as text; the BOM is put back for Excel). */
export async function fetchHistoryCsv(api: ApiClient, q: Omit<HistoryQuery, 'page'>): Promise<Blob> {
  const query = new URLSearchParams({ from: q.from, to: q.to });
  const text = await api.get<string>(`/floors/${q.floorId}/participant-log/export?${query}`);
  return new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
}
