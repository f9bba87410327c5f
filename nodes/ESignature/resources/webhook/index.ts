import * as create from './create';
import * as createMany from './createMany';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as getLogs from './getLogs';
import * as resend from './resend';
import * as update from './update';

export const operations = [create, createMany, del, get, getLogs, getAll, resend, update];

export const defaultOperation = 'getAll';
