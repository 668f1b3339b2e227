/** The store conformance suite (db/store/conformance) on a real PostgreSQL. */
import { postgresBackend } from '@/lib/testing/store-backends';
import { storeConformance } from './conformance';

await storeConformance(postgresBackend());
