/**
 * The PANEL_SECRET_KEY of test panels on MariaDB/MySQL, where the panel requires one: the same for
 * a kernel booted in the test process and a `panel` child process on the same database, as it must
 * be for every process on one database.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 0x5e).toString('base64');
