import * as download from './download';
import * as downloadSigned from './downloadSigned';
import * as getCompleted from './getCompleted';
import * as getContent from './getContent';
import { operationSelector } from '../shared';

export const operations = [getCompleted, getContent, download, downloadSigned];

export const operation = operationSelector('document', operations, 'download');
