/** The smart-city collection reports' sources (docs/reports.md, "Collection reports"); the SQL is in collections.ts. */
import collection from '../../resources/reports/collection.ts';
import d2dCollection from '../../resources/reports/d2d-collection.ts';
import collectionCover from '../../resources/reports/collection-cover.ts';
import type { ReportSource } from './framework.ts';
import {
  collectionChartSql,
  collectionCoverChartSql,
  collectionCoverSql,
  collectionSql,
  d2dCollectionSql,
} from './collections.ts';

export const collectionReport: ReportSource = {
  declaration: collection,
  rows: collectionSql,
  chart: collectionChartSql,
};
export const d2dCollectionReport: ReportSource = { declaration: d2dCollection, rows: d2dCollectionSql };
export const collectionCoverReport: ReportSource = {
  declaration: collectionCover,
  rows: collectionCoverSql,
  chart: collectionCoverChartSql,
};
