/** The store conformance suite (db/store/conformance) on SQLite. */
import { sqliteBackend } from '@/lib/testing/store-backends';
import { storeConformance } from './conformance';

await storeConformance(sqliteBackend());
