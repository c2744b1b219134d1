/** Multi-row inserts for the stores' tables: the panel's (panel/insert-rows.ts says how they are made fast). */
export { insertRows, type Row } from '../../panel/insert-rows.ts';
