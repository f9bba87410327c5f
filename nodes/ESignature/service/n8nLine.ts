/*
 * Where n8n 1.x behaves differently in a way the nodes must meet (docs/n8n-notes.md#n8n-1x). The line is told apart
 * by a feature n8n 2.x added to every node context (`customData`), not by a version number, which n8n does not give
 * nodes.
 */

/** Whether the running n8n is of the 1.x line. */
export function isN8n1(context: object): boolean {
	try {
		return (context as { customData?: unknown }).customData === undefined;
	} catch {
		// n8n 2.x's getter throws where a context has no execution data: still 2.x.
		return false;
	}
}
