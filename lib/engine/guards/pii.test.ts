/** The PII detectors on a corpus: each kind found (and masked) in the formats people write it, checksums cutting false positives. */
import { describe, expect, it } from 'vitest';
import { PII_KINDS } from '../../graph/schema';
import { findPii, ibanValid, luhnValid, redactMatches } from './pii';

const redact = (text: string) => redactMatches(text, findPii(text, PII_KINDS));

describe('findPii', () => {
  it.each([
    ['email', 'Write to jane.doe+news@example.co.uk today', 'Write to [REDACTED_EMAIL] today', 'j***@***.uk'],
    ['card (spaces)', 'card 4111 1111 1111 1111 exp 12/29', 'card [REDACTED_CARD] exp 12/29', '**** **** **** 1111'],
    ['card (dashes)', 'pay with 5500-0000-0000-0004 please', 'pay with [REDACTED_CARD] please', '**** **** **** 0004'],
    ['IBAN (grouped)', 'IBAN: DE89 3704 0044 0532 0130 00.', 'IBAN: [REDACTED_IBAN].', 'DE** ****3000'],
    ['IBAN (compact)', 'send to GB82WEST12345698765432', 'send to [REDACTED_IBAN]', 'GB** ****5432'],
    ['US SSN', 'my SSN is 123-45-6789.', 'my SSN is [REDACTED_NATIONAL_ID].', '***-**-6789'],
    ['UK NINO', 'NI number AB 12 34 56 C', 'NI number [REDACTED_NATIONAL_ID]', 'AB******C'],
    ['phone (US)', 'call (555) 123-4567 now', 'call [REDACTED_PHONE] now', '(***) ***-**67'],
    ['phone (international)', 'ring +44 20 7946 0958', 'ring [REDACTED_PHONE]', '+** ** **** **58'],
  ])('%s', (_name, text, redacted, masked) => {
    expect(redact(text)).toBe(redacted);
    const found = findPii(text, PII_KINDS);
    expect(found).toHaveLength(1);
    expect(found[0].masked).toBe(masked);
    // The trace's masked form never holds the whole value.
    expect(found[0].masked).toContain('*');
    expect(found[0].masked).not.toBe(text.slice(found[0].start, found[0].end));
  });

  it('redacts several kinds in one text, and only the kinds asked for', () => {
    const text = 'Mail a@b.io, card 4242424242424242, SSN 078-05-1120.';
    expect(redact(text)).toBe('Mail [REDACTED_EMAIL], card [REDACTED_CARD], SSN [REDACTED_NATIONAL_ID].');
    expect(findPii(text, ['email']).map((m) => m.kind)).toEqual(['email']);
  });

  it('leaves numbers that fail their checksum or reserved ranges alone', () => {
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(ibanValid('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(findPii('order 4111 1111 1111 1112 shipped', ['card'])).toEqual([]);
    expect(findPii('ref DE89370400440532013001', ['iban'])).toEqual([]);
    expect(findPii('ids 000-12-3456 and 666-12-3456 and 912-12-3456', ['national_id'])).toEqual([]);
    expect(findPii('It costs 12.50 and version 1.2.3', PII_KINDS)).toEqual([]);
  });

  it('runs in linear time on adversarial input (RE2): a long run of near-matches finishes', () => {
    const text = `${'1-'.repeat(20_000)}x ${'a'.repeat(40_000)}@`;
    expect(findPii(text, PII_KINDS).every((m) => m.end <= text.length)).toBe(true);
  });
});
