/** Setup file of every test file of the Postgres pass: stores closed after the test or file that made them. */
import { installPassHooks } from '../helpers/postgres-pass.ts';

installPassHooks();
