import * as download from './download';
import * as downloadSigned from './downloadSigned';
import * as getCompleted from './getCompleted';
import * as getContent from './getContent';
import { type OperationFile, operationSelector } from '../shared';

export const operations: OperationFile[] = [getCompleted, getContent, download, downloadSigned];

export const operation = operationSelector('document', operations, 'download');
