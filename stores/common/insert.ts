/** Multi-row inserts for the stores' tables: the panel's (lib/insert-rows.ts says how they are made fast). */
export { insertRows, type Row } from '../../lib/insert-rows.ts';
