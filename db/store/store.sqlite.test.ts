/** The store conformance suite (db/store/conformance) on SQLite. */
import { sqliteBackend, storeConformance } from './conformance';

await storeConformance(sqliteBackend());
