import { DomainError } from '@herald/service-kit';
import { CODE_TRIES, hashCode, judgeCode } from './contact-code';
import { contactKey } from './contact-codes';
import type { ContactCodeDeps } from './send-contact-code';

const refused = (code: string, message: string) => new DomainError('invalid', code, message);

function refusal(verdict: 'none' | 'expired' | 'dead'): DomainError {
  switch (verdict) {
    case 'none':
      return refused('confirmation_code_missing', 'No confirmation code is waiting for this contact: set the number again to get one');
    case 'expired':
      return refused('confirmation_code_expired', 'This confirmation code has expired: set the number again to get a new one');
    case 'dead':
      return refused('confirmation_code_dead', `This confirmation code was tried ${CODE_TRIES} times: set the number again to get a new one`);
  }
}

/**
 * Checks a code typed back for an sms contact and answers the number it was texted to (the caller
 * confirms the contact if it still holds that number). Each try counts; a right code is used up, a
 * wrong one is refused (`confirmation_code_wrong`, with the tries left); past CODE_TRIES the code is dead
 * (`confirmation_code_dead`); an expired one `confirmation_code_expired`; none texted (or used up)
 * `confirmation_code_missing`. All invalid argument: 400 at the gateway.
 */
export function createCheckContactCode(deps: Pick<ContactCodeDeps, 'contactCodes' | 'now'>) {
  return async function checkContactCode(req: { projectId: number; recipientId: string; contactId: number; code: string }): Promise<{ address: string }> {
    const c = deps.contactCodes;
    if (!c) throw new DomainError('precondition', 'contact_confirmation_unavailable', 'Confirmation codes are not configured (UNSUBSCRIBE_SECRET)');
    const key = contactKey(req.projectId, req.recipientId, req.contactId);
    const given = hashCode(c.secret, key, req.code);
    // Every try is counted before its code is compared (compare and set on the count): concurrent
    // tries cannot share one count, so at most CODE_TRIES codes are ever compared.
    for (let pass = 0; pass <= CODE_TRIES; pass++) {
      const stored = await c.codes.get(key);
      const verdict = judgeCode(stored, given, deps.now());
      if (verdict !== 'ok' && verdict !== 'wrong') throw refusal(verdict);
      if (!(await c.codes.countTry(key, stored!.tries))) continue;
      if (verdict === 'ok') {
        await c.codes.remove(key);
        return { address: stored!.address };
      }
      const left = CODE_TRIES - stored!.tries - 1;
      throw refused('confirmation_code_wrong', left > 0 ? `Wrong confirmation code: ${left} tries left` : 'Wrong confirmation code: no tries left, set the number again to get a new code');
    }
    throw refusal('dead');
  };
}
