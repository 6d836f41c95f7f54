package summary

import "sync"

// stopWords are English words too common to tell sentences apart: articles,
// pronouns, auxiliaries, prepositions, conjunctions and the commonest
// adverbs, as their terms are written (lowercase, apostrophes removed).
// Built on first use, not at every start of tw.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are",
		"arent", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but",
		"by", "can", "cannot", "cant", "could", "couldnt", "did", "didnt", "do", "does", "doesnt", "doing",
		"dont", "down", "during", "each", "either", "else", "even", "ever", "every", "few", "for", "from",
		"further", "had", "hadnt", "has", "hasnt", "have", "havent", "having", "he", "hed", "hell", "her",
		"here", "heres", "hers", "herself", "hes", "him", "himself", "his", "how", "hows", "however", "i",
		"id", "if", "ill", "im", "in", "into", "is", "isnt", "it", "its", "itself", "ive", "just", "least",
		"less", "let", "lets", "like", "may", "me", "might", "more", "most", "much", "must", "mustnt", "my",
		"myself", "neither", "never", "no", "nor", "not", "now", "of", "off", "often", "on", "once", "one",
		"only", "or", "other", "others", "ought", "our", "ours", "ourselves", "out", "over", "own", "per",
		"perhaps", "quite", "rather", "same", "shall", "shant", "she", "shed", "shell", "shes", "should",
		"shouldnt", "since", "so", "some", "still", "such", "than", "that", "thats", "the", "their",
		"theirs", "them", "themselves", "then", "there", "theres", "these", "they", "theyd", "theyll",
		"theyre", "theyve", "this", "those", "though", "through", "thus", "to", "too", "under", "until",
		"up", "upon", "us", "very", "via", "was", "wasnt", "we", "wed", "well", "were", "werent", "weve",
		"what", "whats", "when", "whens", "where", "wheres", "whether", "which", "while", "who", "whom",
		"whos", "whose", "why", "whys", "will", "with", "within", "without", "wont", "would", "wouldnt",
		"yet", "you", "youd", "youll", "your", "youre", "yours", "yourself", "yourselves", "youve",
	} {
		m[w] = true
	}
	return m
})
