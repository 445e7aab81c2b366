/** The manager's reports over a period of the store's days: the report, its totals and the sales behind a row. */
import type Database from 'better-sqlite3';
import type { ReportSaleDimension, ReportSales } from '../../../shared/report-sales.ts';
import type { Report, ReportTotals } from '../../../shared/reports.ts';
import { reportSales } from './db-sales.ts';
import { buildReport, buildTotals, type Period } from './report.ts';

export class ReportsService {
  readonly #db: Database.Database;
  readonly #timeZone: () => string;

  constructor(db: Database.Database, timeZone: () => string) {
    this.#db = db;
    this.#timeZone = timeZone;
  }

  #period(fromDate: string, toDate: string): Period {
    return { fromDate, toDate, timeZone: this.#timeZone() };
  }

  report(fromDate: string, toDate: string): Report {
    return buildReport(this.#db, this.#period(fromDate, toDate));
  }

  totals(fromDate: string, toDate: string): ReportTotals {
    return buildTotals(this.#db, this.#period(fromDate, toDate));
  }

  sales(fromDate: string, toDate: string, dimension: ReportSaleDimension, key: string): ReportSales {
    return reportSales(this.#db, this.#period(fromDate, toDate), dimension, key);
  }
}
