// n8n gives nodes no version, but 2.x added `customData` to every context (docs/n8n-notes.md#n8n-1x).
function isN8n2(context: object) {
	try {
		return (context as { customData?: unknown }).customData !== undefined;
	} catch {
		// n8n 2.x's getter throws where a context has no execution data.
		return true;
	}
}

export const errorOutputTakesDetails = isN8n2;

export const resumedNodePassesEveryOutput = isN8n2;

// n8n 1.x counts no `bytes`: the answer's Content-Length stands in.
export const storedFileSize = (binary: object, declared: number | undefined) =>
	(binary as { bytes?: number }).bytes ?? declared;
