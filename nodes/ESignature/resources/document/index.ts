import * as download from './download';
import * as downloadSigned from './downloadSigned';
import * as getCompleted from './getCompleted';
import * as getContent from './getContent';

export const operations = [getCompleted, getContent, download, downloadSigned];

export const defaultOperation = 'download';
