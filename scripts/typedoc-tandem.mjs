// A TypeDoc plugin with two jobs.
//
// 1. Every export belongs to a category: an export without a `@category` tag in its TSDoc (which TypeDoc would
//    file under the default category) is an error.
//
// 2. It documents the members of enums that live inside types TypeDoc cannot attach comments to —
// the values of a zod `z.enum([...])` in an exported schema (`ZodEnum<{ low: "low"; high: "high" }>`).
// Write one `@enumMember <value> <description>` tag per value in the TSDoc of the property that holds the enum:
//
//   /**
//    * How much the model reasons.
//    * @enumMember low Fast answers, little reasoning.
//    * @enumMember high The most thorough reasoning.
//    */
//   reasoningEffort: z.enum(['low', 'high']).optional(),
//
// Every value still needs its tag: `validation.notDocumented` reports the ones left out, and a tag naming a
// value the enum does not have is an error. Where the comment reaches a type inferred from the schema (a union
// of string literals, which has no members), the tags are dropped.
import { Application, Converter, ReflectionKind, ReflectionType } from 'typedoc';

const TAG = '@enumMember';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on('bootstrapEnd', () => {
    const tags = app.options.getValue('blockTags');
    if (!tags.includes(TAG)) app.options.setValue('blockTags', [...tags, TAG]);
  });
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    const fallback = app.options.getValue('defaultCategory');
    for (const module of project.getReflectionsByKind(ReflectionKind.SomeModule)) {
      const uncategorized = module.categories?.find((category) => category.title === fallback);
      if (uncategorized === undefined) continue;
      app.logger.error(
        `${module.getFriendlyFullName()}: ${uncategorized.children.map((child) => child.name).join(', ')} ${uncategorized.children.length === 1 ? 'has' : 'have'} no @category tag; add one to the TSDoc of each.`,
      );
    }
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Property)) {
      const comment = reflection.comment;
      const tags = comment?.getTags(TAG) ?? [];
      if (comment === undefined || tags.length === 0) continue;
      comment.removeTags(TAG);
      const members = new Map();
      collectLiteralMembers(reflection.type, members);
      // The same comment on a type inferred from the schema (a union of string literals) has nothing to document.
      if (members.size === 0) continue;
      for (const tag of tags) {
        const text = tag.content.map((part) => part.text).join('');
        const match = /^\s*(\S+)\s+([\s\S]*)$/.exec(text);
        const found = match === null ? undefined : members.get(match[1]);
        if (match === null || found === undefined) {
          context.logger.error(
            `${TAG} "${text.trim()}" on ${reflection.getFriendlyFullName()}: expected "${TAG} <value> <description>" naming one of ${[...members.keys()].join(', ')}`,
          );
          continue;
        }
        for (const member of found) {
          member.comment = comment.clone();
          member.comment.summary = [{ kind: 'text', text: match[2].trim() }];
          member.comment.blockTags = [];
          member.comment.modifierTags = new Set();
        }
      }
    }
  });
}

/** The properties of the object types inside `type` (type arguments, unions, intersections, arrays), by name. */
function collectLiteralMembers(type, members) {
  if (type === undefined || type === null) return;
  if (type instanceof ReflectionType) {
    for (const child of type.declaration.children ?? []) members.set(child.name, [...(members.get(child.name) ?? []), child]);
    return;
  }
  for (const key of ['typeArguments', 'types', 'elementType']) {
    const value = type[key];
    if (Array.isArray(value)) for (const item of value) collectLiteralMembers(item, members);
    else if (value !== null && typeof value === 'object' && 'type' in value) collectLiteralMembers(value, members);
  }
}
