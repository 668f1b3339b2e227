/** The store conformance suite (db/store/conformance) on a real PostgreSQL. */
import { postgresBackend, storeConformance } from './conformance';

await storeConformance(postgresBackend());
