import * as revoke from './revoke';
import { operationSelector } from '../shared';

export const operations = [revoke];

export const operation = operationSelector('accessToken', operations, 'revoke');
