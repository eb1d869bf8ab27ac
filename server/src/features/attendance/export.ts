import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import {
  formatMessage,
  formatMinutes,
  DEFAULT_TIME_ZONE,
  localDate,
  localTime,
  monthBounds,
  zonedInstant,
  addDays,
  type AttendanceReportDto,
  type Locale,
  type MessageId,
  type timeLogExportQuerySchema,
} from '@tsudoi/common';
import type { z } from 'zod';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { User } from '../users/user.model';
import type { AttendanceAccess } from './access';
import type { TimeLogService, Window } from './time-logs.service';

type ExportQuery = z.output<typeof timeLogExportQuerySchema>;

/**
 * Japanese fonts from Debian (fonts-noto-cjk, else fonts-ipafont): the first
 * that exists is embedded (subset) in every PDF. ATTENDANCE_PDF_FONT names
 * another file ("path" or "path#PostScriptName" for a collection).
 */
export const PDF_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKjp-Regular',
  '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf',
  '/usr/share/fonts/truetype/fonts-japanese-gothic.ttf',
];

export function pdfFont(): { path: string; family?: string } {
  const wanted = process.env.ATTENDANCE_PDF_FONT ? [process.env.ATTENDANCE_PDF_FONT] : PDF_FONTS;
  for (const spec of wanted) {
    const [path, family] = spec.split('#') as [string, string | undefined];
    if (fs.existsSync(path)) return family ? { path, family } : { path };
  }
  throw new Error('no Japanese font for the PDF export: install fonts-noto-cjk (apt) or set ATTENDANCE_PDF_FONT');
}

export interface ExportFile {
  bytes: Buffer;
  type: string;
  name: string;
  asciiName: string;
}

const COLUMNS: { id: MessageId; width: number; align?: 'right' | 'center' }[] = [
  { id: 'attendance.report.date', width: 78 },
  { id: 'attendance.report.shift', width: 110 },
  { id: 'attendance.report.checkIn', width: 60, align: 'center' },
  { id: 'attendance.report.checkOut', width: 60, align: 'center' },
  { id: 'attendance.report.break', width: 60, align: 'right' },
  { id: 'attendance.report.worked', width: 66, align: 'right' },
  { id: 'attendance.report.scheduled', width: 66, align: 'right' },
  { id: 'attendance.report.late', width: 60, align: 'right' },
  { id: 'attendance.report.earlyLeave', width: 70, align: 'right' },
  { id: 'attendance.report.absence', width: 60, align: 'center' },
];

/** How a row's corrections read (issue 25 §14): "reason (by, date)", each; empty when never corrected. */
export function correctionText(r: AttendanceReportDto['rows'][number], tz: string, locale: Locale): string {
  return r.corrections
    .map((c) =>
      formatMessage(locale, 'attendance.report.correctedBy', {
        reason: c.reason.replace(/\n/g, ' '),
        by: c.by,
        date: localDate(new Date(c.at), tz),
      }),
    )
    .join(' / ');
}

/** Table cells of one report row (also the CSV columns after the employee); a corrected day's date is marked *. */
function cells(r: AttendanceReportDto['rows'][number], tz: string, locale: Locale): string[] {
  const t = (iso: string | null) => (iso ? localTime(new Date(iso), tz) : '');
  const min = (m: number) => (m > 0 ? formatMinutes(m) : '');
  return [
    r.corrections.length > 0 ? `${r.date} *` : r.date,
    r.shiftStart && r.shiftEnd ? `${t(r.shiftStart)}–${t(r.shiftEnd)}` : '',
    t(r.checkIn),
    r.open ? formatMessage(locale, 'attendance.report.working') : t(r.checkOut),
    min(r.breakMin),
    r.recordIds.length ? formatMinutes(r.workedMin) : '',
    min(r.scheduledMin),
    min(r.lateMin),
    min(r.earlyLeaveMin),
    r.absent ? formatMessage(locale, 'attendance.report.yes') : '',
  ];
}

/** Month PDF and CSV of one employee or the whole team (downloadAllPdf for anyone but oneself). */
export class AttendanceExport {
  constructor(
    private readonly models: Models,
    private readonly access: AttendanceAccess,
    private readonly timeLogs: TimeLogService,
    private readonly clock: Clock,
  ) {}

  async export(user: User, q: ExportQuery, locale: Locale): Promise<ExportFile> {
    const companyId = this.access.companyOf(user);
    let people: User[];
    if (q.team) {
      await this.access.require(user, 'downloadAllPdf', locale);
      people = await this.models.User.findAll({ where: { employmentCompanyId: companyId }, order: [['name', 'ASC']] });
    } else people = [await this.access.target(user, q.employeeId, 'downloadAllPdf', locale)];
    const timeZone = await this.access.timeZoneOf(companyId);
    const { from, to } = monthBounds(q.month);
    const w: Window = {
      timeZone,
      from,
      to,
      since: zonedInstant(addDays(from, -1), '00:00', timeZone),
      until: zonedInstant(addDays(to, 2), '00:00', timeZone),
    };
    const reports: AttendanceReportDto[] = [];
    for (const p of people) reports.push(await this.timeLogs.reportOf(companyId, p, w));
    const company = await this.models.Company.findByPk(companyId);
    const who = q.team ? (company?.name ?? 'team') : people[0]!.name;
    const base = `attendance-${q.month}-${who}`;
    const asciiBase = `attendance-${q.month}-${q.team ? 'team' : people[0]!.id}`;
    if (q.format === 'csv') {
      return {
        bytes: toCsv(reports, locale),
        type: 'text/csv; charset=utf-8',
        name: `${base}.csv`,
        asciiName: `${asciiBase}.csv`,
      };
    }
    const bytes = await this.pdf(reports, { month: q.month, company: company?.name ?? '', locale });
    return { bytes, type: 'application/pdf', name: `${base}.pdf`, asciiName: `${asciiBase}.pdf` };
  }

  private pdf(reports: AttendanceReportDto[], o: { month: string; company: string; locale: Locale }): Promise<Buffer> {
    const font = pdfFont();
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      bufferPages: true,
      info: { Title: `${formatMessage(o.locale, 'attendance.report.title')} ${o.month}` },
    });
    doc.registerFont('jp', font.path, font.family);
    doc.font('jp');
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const m = (id: MessageId, v?: Record<string, string | number>) => formatMessage(o.locale, id, v);
    const left = doc.page.margins.left;
    const bottom = () => doc.page.height - doc.page.margins.bottom - 24;
    const rowH = 18;
    const drawRow = (values: string[], y: number, head = false) => {
      let x = left;
      if (head)
        doc
          .rect(
            left,
            y - 3,
            COLUMNS.reduce((s, c) => s + c.width, 0),
            rowH,
          )
          .fill('#EEF2FF')
          .fillColor('#111827');
      values.forEach((v, i) => {
        const col = COLUMNS[i]!;
        doc
          .fontSize(9)
          .fillColor(head ? '#312E81' : '#111827')
          .text(v, x + 4, y, { width: col.width - 8, align: col.align ?? 'left', lineBreak: false });
        x += col.width;
      });
      doc
        .moveTo(left, y + rowH - 3)
        .lineTo(x, y + rowH - 3)
        .lineWidth(0.4)
        .strokeColor('#D1D5DB')
        .stroke();
    };
    reports.forEach((report, index) => {
      if (index > 0) doc.addPage();
      const header = () => {
        doc
          .fontSize(16)
          .fillColor('#111827')
          .text(`${m('attendance.report.title')}  ${o.month}`, left, 36);
        doc
          .fontSize(10)
          .fillColor('#374151')
          .text(
            `${o.company}   ${m('attendance.report.employee')}: ${report.employee.name}   ${m('attendance.report.timeZone')}: ${report.timeZone}`,
          );
        doc.moveDown(0.6);
        const y = doc.y;
        drawRow(
          COLUMNS.map((c) => m(c.id)),
          y,
          true,
        );
        return y + rowH;
      };
      let y = header();
      if (report.rows.length === 0) {
        doc
          .fontSize(10)
          .fillColor('#6B7280')
          .text(m('attendance.report.noRows'), left + 4, y + 4);
        y += rowH;
      }
      for (const r of report.rows) {
        if (y + rowH > bottom()) {
          doc.addPage();
          y = header();
        }
        drawRow(cells(r, report.timeZone, o.locale), y);
        y += rowH;
      }
      if (y + rowH * 2 > bottom()) {
        doc.addPage();
        y = header();
      }
      // the corrected days, each with its reason, by whom and when (marked * in the table)
      const corrected = report.rows.filter((r) => r.corrections.length > 0);
      for (const r of corrected) {
        if (y + rowH > bottom()) {
          doc.addPage();
          y = header();
        }
        doc
          .fontSize(8)
          .fillColor('#92400E')
          .text(`* ${r.date}: ${correctionText(r, report.timeZone, o.locale)}`, left + 4, y + 2, {
            width: COLUMNS.reduce((s, c) => s + c.width, 0) - 8,
            lineBreak: false,
            ellipsis: true,
          });
        y += rowH - 4;
      }
      const t = report.totals;
      doc
        .fontSize(10)
        .fillColor('#111827')
        .text(
          `${m('attendance.report.total')}  ${m('attendance.report.days')}: ${t.days}   ${m('attendance.report.worked')}: ${formatMinutes(t.workedMin)}   ${m('attendance.report.scheduled')}: ${formatMinutes(t.scheduledMin)}   ${m('attendance.report.late')}: ${t.lateCount} (${formatMinutes(t.lateMin)})   ${m('attendance.report.earlyLeave')}: ${t.earlyLeaveCount} (${formatMinutes(t.earlyLeaveMin)})   ${m('attendance.report.absence')}: ${t.absenceCount}`,
          left,
          y + 8,
        );
    });
    const range = doc.bufferedPageRange();
    // when it was made, in the team's zone, named (issue 25 §16)
    const now = this.clock.now();
    const zone = reports[0]?.timeZone ?? DEFAULT_TIME_ZONE;
    const stamp = `${m('attendance.report.generated')}: ${localDate(now, zone)} ${localTime(now, zone)} (${zone})`;
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      const y = doc.page.height - doc.page.margins.bottom - 10;
      doc.page.margins.bottom = 0;
      doc.fontSize(8).fillColor('#6B7280').text(stamp, left, y, { lineBreak: false });
      doc.text(m('attendance.report.page', { page: i + 1, pages: range.count }), doc.page.width - 200, y, {
        width: 164,
        align: 'right',
        lineBreak: false,
      });
    }
    doc.end();
    return done;
  }
}

const csvCell = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;

/** UTF-8 with a BOM (Excel opens Japanese text right), CRLF lines, one row per report row. */
export function toCsv(reports: AttendanceReportDto[], locale: Locale): Buffer {
  const zone = reports[0]?.timeZone ?? DEFAULT_TIME_ZONE;
  const head = [
    formatMessage(locale, 'attendance.report.employee'),
    ...COLUMNS.map((c) => formatMessage(locale, c.id)),
    formatMessage(locale, 'attendance.report.corrected'),
    formatMessage(locale, 'attendance.report.timeZone'),
  ];
  const lines = [head];
  for (const r of reports)
    for (const row of r.rows)
      lines.push([
        r.employee.name,
        ...cells(row, r.timeZone, locale),
        correctionText(row, r.timeZone, locale),
        r.timeZone || zone,
      ]);
  const text = lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
