/**
 * The operations of the action node as its description lists them (the Operation options of each resource), so a test
 * that must cover every operation learns of a new one without being told.
 */
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { ESignature } from '../../nodes/ESignature/ESignature.node';

export interface Operation {
	resource: string;
	operation: string;
	/** `resource:operation`, e.g. `envelope:create`. */
	key: string;
	option: INodePropertyOptions;
}

let loaded: INodeTypeDescription | undefined;

/** The action node's description, loaded once per test file. */
export const actionDescription = (): INodeTypeDescription =>
	(loaded ??= new ESignature().description);

/** Every resource → operation of this list of properties (default: the action node's description). */
export function actionOperations(
	properties: INodeProperties[] = actionDescription().properties,
): Operation[] {
	return properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.displayOptions?.show?.resource as string[]).flatMap((resource) =>
				(property.options as INodePropertyOptions[]).map((option) => ({
					resource,
					operation: String(option.value),
					key: `${resource}:${String(option.value)}`,
					option,
				})),
			),
		);
}
