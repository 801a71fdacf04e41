/** The CSV reader lives in src/util/csv.ts (shared with `import ratings`). */
export * from '../../util/csv.js';
