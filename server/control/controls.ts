import type { Services } from '../domain/services.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { advanceHere, type Advancer } from './advance.ts';
import { FaultRules } from './faults.ts';
import { RequestJournal } from './journal.ts';

/**
 * What adcli serve adds to the domain to be a better local backend than the real service: fault
 * rules, the request journal and clock advances. The composition root makes them; the controls'
 * operations and the HTTP middleware use them.
 */
export interface Controls {
  faults: FaultRules;
  /** opened on first use (a job worker thread never opens it) */
  readonly journal: RequestJournal;
  /** moves a workspace's clock, running what falls due: here, or in a job worker thread */
  advance: Advancer;
}

export function createControls(
  services: Services,
  opts: { runner: JobRunner; advance?: Advancer },
): Controls {
  let journal: RequestJournal | undefined;
  return {
    faults: new FaultRules(services.deps),
    get journal() {
      return (journal ??= new RequestJournal(services.deps.store));
    },
    advance: opts.advance ?? advanceHere(services, opts.runner),
  };
}
