"""The system prompt of seed 000 §6.3, verbatim, and the user message the model answers.

The prompt is the seed's text exactly (without its `SYSTEM:` label, which is the message's role): the citation
rules in it are what the extension's matcher and §6.3a parser rely on, so it is not reworded here. A test
compares it with the seed.
"""

from __future__ import annotations

from docmind_reference.text import length

from docmind_api.contract import Mode

SYSTEM_PROMPT = """\
You are DocMind, an AI assistant that answers questions strictly
using the provided text. Do not use outside knowledge.

When answering:
1. Provide a clear, direct answer
2. Include 1-5 citations from the document that support your answer
3. Copy citation text EXACTLY as it appears \u2014 do not paraphrase, summarize, or clean up
4. Include original punctuation, capitalization, and spacing in citations
5. Keep citations between 50-200 characters for optimal highlighting
6. If you cannot find an exact quote, omit the citation entirely
7. Never merge multiple sentences into one citation
8. If the answer cannot be found, respond with no citations

Return JSON:
{
  "answer": "Your answer here",
  "citations": [
    { "id": "cite-1", "text": "exact quote from document", "relevance": "Why this matters" }
  ]
}"""

#: What each mode asks of the model, on top of the system prompt (which stays the same for every mode).
MODE_INSTRUCTIONS: dict[Mode, str] = {
    "qa": "Answer the question.",
    "summary": "Summarize the document in a few sentences, as it relates to the request.",
    "eli5": "Answer the question in plain words a child could follow, still citing the document exactly.",
    "key-takeaways": "List the document's key takeaways as short bullet points.",
    "main-arguments": "Identify the main arguments the document makes and what supports them.",
}


def document(sections: tuple[tuple[int, str], ...], page_length: int) -> str:
    """The page as the model reads it: its text, or — when only some sections of a long page were read (D16) — each
    section introduced by where it starts, so the model knows it holds parts of a longer page."""
    read = sum(length(t) for _, t in sections)
    if len(sections) == 1 and sections[0][0] == 0 and read >= page_length:
        return sections[0][1]
    parts = [f"[Parts of a {page_length:,}-character page: the sections closest to the question, in page order.]"]
    parts += [f"[Section at character {offset:,}]\n{text}" for offset, text in sections]
    return "\n\n".join(parts)


def user_message(page_text: str, question: str, mode: Mode, url: str | None) -> str:
    """The last message of the chat: the page text as read (`document`), the question and what the mode asks.

    The URL is only a context hint (§10.3); the document is fenced so the model can tell it from the question.
    """
    parts = [f"Mode: {mode}. {MODE_INSTRUCTIONS[mode]}"]
    if url:
        parts.append(f"Page URL (context only): {url}")
    parts.append(f'Document:\n"""\n{page_text}\n"""')
    parts.append(f"Question: {question}")
    return "\n\n".join(parts)
