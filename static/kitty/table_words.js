// The table page's words in the reader's language (tables.page_words, given by the template
// as the json_script block "table-words"), shared by every script of the table page.
import { pageWords } from "./words.js";

export const t = pageWords("table-words");
