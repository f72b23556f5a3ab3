"""A text's language: identified and said, and its stopwords and stemmer with stopwords = auto (segcore.language,
text)."""
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from segcore import InputError, segment
from segcore.language import ENGLISH, MIN_CHARS, NAMES, SAMPLE_CHARS, SHORT_CONFIDENCE, identify, load_identifier
from segcore.loaders import left_out_notes, load
from segcore.methods import STOPWORDS
from segcore.sentences import split_sentences, word_elements
from segcore.text import LABEL_STOPWORDS, Lexicon, bags, lexicon, load_stopwords, segment_top_terms, tokenize

FRENCH = ("Le fleuve traverse la ville du nord au sud et ses eaux sont souvent hautes au printemps. Les pêcheurs "
          "attendent sur les quais que la crue se retire avant de sortir leurs bateaux. Quand la pluie tombe "
          "pendant des semaines, les habitants des quartiers bas montent leurs meubles à l'étage. ",
          "La banque centrale a relevé ses taux pour la troisième fois cette année. Les entreprises qui empruntent "
          "pour investir paient désormais plus cher leur crédit. Les marchés ont baissé dès l'annonce, puis se sont "
          "repris dans l'après-midi. ",
          "Le tribunal a entendu les témoins pendant toute la journée de lundi. Le juge a rappelé au jury que "
          "l'accusé est présumé innocent tant que sa culpabilité n'est pas établie. La défense a demandé un "
          "renvoi que la cour a refusé. ")
ENGLISH_TEXT = ("The river runs through the town from north to south and its water is often high in spring. The "
                "fishermen wait on the quays for the flood to fall before they take their boats out. When the rain "
                "falls for weeks, the people of the low streets carry their furniture upstairs. ") * 3


def french_sentences() -> list[str]:
    return [s.strip() + "." for part in FRENCH for s in part.split(". ") if s.strip(". ")]


def test_identifies_french_and_english():
    fr = identify(french_sentences())
    assert (fr.language, fr.code) == ("french", "fr") and fr.share == fr.samples
    en = identify(ENGLISH_TEXT.split(". "))
    assert (en.language, en.code, en.note()) == (ENGLISH, "en", "")


def test_short_or_letterless_text_is_read_as_english():
    for unsure in ("Paris, Berlin, Madrid.", "x = y + 1"):  # fewer than MIN_CHARS characters, langid unsure
        assert load_identifier().classify(unsure)[1] < SHORT_CONFIDENCE
        assert identify([unsure]).language == ENGLISH
    assert identify(["12 34 56 " * MIN_CHARS]).language == ENGLISH
    assert identify([]).language == ENGLISH


def test_the_language_most_of_the_text_is_in_wins():
    """An English preface before a French text does not make it English, and the note says how much was French."""
    elements = ["This preface was written in English for the edition."] + french_sentences() * 8
    found = identify(elements)
    assert found.language == "french" and found.share > found.samples / 2
    assert found.note().startswith("language: French")
    assert "(stopwords = auto would read it with French's)" in found.note()


def test_a_few_words_at_the_end_do_not_outvote_the_text():
    """A text of a little over one stretch (SAMPLE_CHARS) was sampled as a full stretch and its last few characters,
    each one vote: a French text that ended with 'Thank you.' tied at one vote each and was read as English."""
    french = " ".join(french_sentences() * 4)[:SAMPLE_CHARS]
    found = identify([french, "Thank you."])
    assert (found.language, found.samples) == ("french", 2)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=300), max_size=20))
def test_identify_never_fails(elements):
    found = identify(elements)
    assert found.language in (ENGLISH, *NAMES) and 0 <= found.share <= found.samples


def test_french_text_loses_french_stopwords_and_is_snowball_stemmed():
    sentences = french_sentences()
    auto, choi = bags(sentences, "auto", stem_words=True), bags(sentences, stem_words=True)
    words = {w for b in auto for w in b}
    assert not {w for b in bags(sentences, "auto") for w in b} & {"les", "des", "la", "le", "que", "sur", "dans"}
    assert {"les", "des"} <= {w for b in bags(sentences) for w in b}  # English's list (the default) keeps them
    assert "bateau" not in {w for b in choi for w in b}  # Porter's stemmer leaves 'bateaux' alone
    assert "pêcheur" in words and "bateau" in words  # Snowball: pêcheurs → pêcheur, bateaux → bateau
    assert lexicon(sentences, "german").language == "german"  # a language named overrides identification


def test_english_text_reads_alike_either_way():
    elements = ENGLISH_TEXT.split(". ")
    assert bags(elements, "auto", stem_words=True) == bags(elements, "choi", stem_words=True)
    assert lexicon(elements, "auto") == lexicon(elements, "choi") == lexicon(elements)


def test_stopwords_domain():
    assert STOPWORDS.parse("french") == "french" and STOPWORDS.parse("auto") == "auto" and STOPWORDS.default == "choi"
    with pytest.raises(InputError, match="not 'auto', 'choi', 'none' or one of the languages danish"):
        bags(["a text"], "klingon")  # any name may be a file's path (the library and the CLI)


def test_methods_segment_french_with_its_stopwords():
    doc = load(("\n\n".join(FRENCH * 2)).encode(), source="texte.txt")
    assert any(n.startswith("language: French") for n in left_out_notes(doc))
    for method in ("best", "ui", "texttiling", "c99"):
        auto = segment(doc, method, 3, stopwords="auto")
        assert auto.k == 3 and auto.boundaries[-1] == doc.n
    best = segment(doc, "best", 3, stopwords="auto")  # read as French: GloVe's English vectors left out
    assert best.info["embedding_term"].startswith("left out: the text is not in English")
    assert best.boundaries == segment(doc, "best", 3, stopwords="auto", kappa=0.0, beta=0.0).boundaries
    assert "embedding_term" not in segment(doc, "best", 3).info  # read as English (the default): kept


def test_cli_says_the_language(tmp_path):
    path = tmp_path / "texte.txt"
    path.write_text("\n\n".join(FRENCH * 2), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--method", "ui", "--k", "3"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "# language: French" in done.stderr
    assert "read with English's stopwords and stemmer (stopwords = auto would read it with French's)" in done.stderr


@pytest.mark.parametrize("stopwords, said", [("auto", "read with French's stopwords and stemmer (stopwords = auto)"),
                                             ("none", "read with stopwords = none")])
def test_cli_says_how_the_language_was_read_with_the_stopwords_given(tmp_path, stopwords, said):
    """The note said "read with English's stopwords and stemmer (stopwords = auto: French's)" whatever --param
    stopwords was: a text read with French's was said to be read as English."""
    path = tmp_path / "texte.txt"
    path.write_text("\n\n".join(FRENCH * 2), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--method", "ui", "--k", "3",
                           "--param", f"stopwords={stopwords}"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"# language: French, {said}; GloVe's word vectors are English" in done.stderr
    assert "English's stopwords" not in done.stderr


def test_segment_labels_are_content_words_of_the_texts_language():
    """A French text's segments are labelled with French content words, not its articles and pronouns."""
    sentences = french_sentences()
    tops = segment_top_terms(bags(sentences, LABEL_STOPWORDS), [3, 6, len(sentences)])
    words = {w for t in tops for w in t}
    assert words and not words & load_stopwords("french")
    assert words & {w for t in segment_top_terms(bags(sentences), [3, 6, len(sentences)]) for w in t} \
        & {"les", "des", "que", "pendant", "leurs"}  # English's stopwords keep them (the segmentation's default)


POLISH = ["Miasto leży nad rzeką i od średniowiecza przyjmuje kupców z całej Europy.",
          "Kupcy przywozili tkaniny, przyprawy i wino z południa.", "Na rynku stały drewniane kramy i wagi.",
          "Zimą w mieście jest bardzo zimno, a ulice są często puste.",
          "Dzieci bawią się na śniegu, a rodzice piją gorącą herbatę.",
          "Burmistrz wygłosił przemówienie przed ratuszem.", "Mówił o przyszłości miasta, o szkołach i o drogach.",
          "Rzeka wylewa każdej wiosny, gdy topnieje śnieg w górach.", "Rybacy czekają na brzegu, aż woda opadnie.",
          "Wtedy wypływają łodziami na połów ryb.", "Ryby sprzedają rano na targu przy moście."]


def test_a_language_without_a_list_is_named_and_read_without_stopwords_under_auto(tmp_path):
    """stopwords = auto read a Polish or Chinese text as English (Choi's list took out Polish 'i', Porter's stemmer
    made 'leży' 'leżi') and said only that it was read as English."""
    found = identify(POLISH)
    assert (found.language, found.code) == (ENGLISH, "pl")
    assert lexicon(POLISH, "auto") == Lexicon(frozenset(), "pl") and lexicon(POLISH) == lexicon(POLISH, "choi")
    auto, choi = bags(POLISH, "auto", stem_words=True), bags(POLISH, stem_words=True)
    assert auto == [tokenize(x) for x in POLISH]  # nothing filtered, nothing folded
    assert "i" in auto[0] and "i" not in choi[0] and "leży" in auto[0] and "leży" not in choi[0]
    assert found.note() == ("language: Polish ('pl'), which has no stopword list here: words are filtered and stemmed "
                            "as English (stopwords = auto would filter no word, stem none); GloVe's word vectors are "
                            "English")
    best = segment(load(" ".join(POLISH).encode(), source="tekst.txt"), "best", 3, stopwords="auto")
    assert best.info["embedding_term"].startswith("left out: the text is not in English")
    path = tmp_path / "tekst.txt"
    path.write_text("\n\n".join(" ".join(POLISH[i:i + 4]) for i in range(0, 11, 4)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--method", "ui", "--k", "2",
                           "--param", "stopwords=auto"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert ("# language: Polish ('pl'), which has no stopword list here: no word filtered, none stemmed (stopwords = "
            "auto)") in done.stderr


def test_a_short_text_in_another_script_is_identified():
    """A text shorter than MIN_CHARS was read as English whatever its script: a page of Chinese (about 300 characters,
    150 words) had no note, and Russian's list was not used under auto."""
    chinese = ["河流从北向南穿过城市。", "春天河水经常上涨。", "渔民在码头等待洪水退去。"] * 5
    assert sum(map(len, chinese)) < MIN_CHARS
    assert identify(chinese).code == "zh" and identify(chinese).note().startswith("language: Chinese ('zh')")
    assert lexicon(chinese, "auto").stop == frozenset()
    russian = ["Река течёт через город с севера на юг.", "Весной вода в реке часто поднимается."]
    assert identify(russian).language == "russian" and lexicon(russian, "auto").stop == load_stopwords("russian")


SHORT = {  # paragraphs of 250-499 characters, as a user pastes them
    "german": "Der Fluss fließt von Norden nach Süden durch die Stadt, und im Frühjahr steht sein Wasser oft hoch. Die "
              "Fischer warten an den Kais, bis das Hochwasser zurückgeht, bevor sie mit ihren Booten hinausfahren. "
              "Wenn es wochenlang regnet, tragen die Bewohner der unteren Straßen ihre Möbel in den ersten Stock.",
    "french": FRENCH[0].strip(),
    "spanish": "El río atraviesa la ciudad de norte a sur y en primavera sus aguas suelen estar altas. Los pescadores "
               "esperan en los muelles a que baje la crecida antes de sacar sus barcas. Cuando llueve durante "
               "semanas, los vecinos de las calles bajas suben sus muebles al primer piso.",
    ENGLISH: ENGLISH_TEXT[:len(ENGLISH_TEXT) // 3],
}
SHORT_ENGLISH = [  # English that is not prose: a manual page's options, a formula, names
    "grep searches for PATTERNS in each FILE. -i, --ignore-case: ignore case distinctions in patterns and data. "
    "-v, --invert-match: select non-matching lines. -c, --count: print a count of matching lines for each file.",
    "s k s = s k s − 1 + = s k , h s − 1 + k − 1 k − 1 xj = 1 xj = 1 ( s − 1 ) hs k − j , jn xj s − 1 +",
    "Rudy Godoy, Rubén Porras, Bruno Barrera, Jean-Pierre Dupont, Hans Müller and Giulia Rossi translated it.",
]


@pytest.mark.parametrize("language", sorted(SHORT))
def test_a_short_paragraph_is_read_in_its_language(language):
    """A text of fewer than MIN_CHARS characters in Latin letters was read as English: a pasted paragraph of German,
    French or Spanish (300-499 characters) got English's stopwords, stemmer and abbreviations. langid is sure of it."""
    text = SHORT[language]
    assert 250 <= len(text) < MIN_CHARS
    assert identify([text]).language == language
    assert lexicon([text], "auto").stop == load_stopwords("choi" if language == ENGLISH else language)


@pytest.mark.parametrize("text", SHORT_ENGLISH + ["Thank you.", "Table of contents", "Rzeka"])
def test_short_english_or_unsure_text_stays_english(text):
    assert len(text) < MIN_CHARS and identify([text]).language == ENGLISH


def test_turkish_capital_dotted_i_lowers_to_i():
    """lower() makes 'İ' an 'i' and a combining dot: 'İçin' at a sentence's start was another word than 'için' and
    kept out of Turkish's stopword list."""
    assert tokenize("İçin İSTANBUL istanbul") == ["için", "istanbul", "istanbul"]
    assert bags(["İçin ve ile İstanbul"], "turkish") == [["istanbul"]]
    assert word_elements("İKİ") == ["iki"]


SENTENCES = {  # a text's sentences, each language's abbreviations and ordinals inside them
    "de": ["Die Stadt liegt am Fluss und wird seit dem Mittelalter von Händlern besucht.",
           "Am 3. Oktober 2020 kam er in die Stadt und blieb dort bis zum 15. November.",
           "Am 4.[1] Oktober 2021 kam sie wieder.",
           "Er kaufte Brot, Käse, Wein usw. und brachte alles nach Hause.",
           "Viele Waren, z. B. Stoffe und Gewürze, kamen aus dem Süden.",
           "Die Preise stiegen bzw. fielen mit den Jahreszeiten.",
           "Dr. Müller schrieb darüber ein Buch.", "Das Buch erschien im 19. Jahrhundert bei einem kleinen Verlag.",
           "Es wurde oft gelesen, d. h. es war sehr beliebt.", "Die Händler kamen u. a. aus Italien und Frankreich.",
           "Im Winter ist es in der Stadt sehr kalt und die Straßen sind oft leer.",
           "Nach dem 1. Januar beginnt die Schule wieder.",
           "Die Lehrer bereiten den Unterricht vor, ca. zwei Wochen lang.",
           "Er sprach über die Zukunft der Stadt, die Schulen, die Straßen etc. und dankte allen Bürgern.",
           "Die Zuhörer klatschten laut.", "Danach gingen alle nach Hause.", "„Ist es vorbei?“, fragte sie.",
           "»Ja«, sagte er.", "Was ist das?", "Keine Ahnung.", "Am Abend gingen sie in die Oper.",
           "Drei Sänger traten auf."],
    "fr": ["La ville se trouve au bord du fleuve et reçoit des marchands depuis le Moyen Âge.",
           "Le 1er janvier 2020, M. Dupont est arrivé en ville avec sa famille.",
           "Beaucoup de produits, p. ex. les tissus et les épices, venaient du sud.",
           "Mme Martin a écrit un livre sur ce sujet.", "Il a été souvent lu, c.-à-d. il était très populaire.",
           "Les enfants jouent dans la neige et les parents boivent du thé chaud.",
           "Les professeurs préparent les cours env. deux semaines à l'avance.",
           "Il a parlé de l'avenir de la ville, des écoles, des rues, etc. et il a remercié tous les citoyens.",
           "Le public a applaudi très fort.", "Ensuite, tout le monde est rentré à la maison.",
           "« Est-ce fini ? » demanda-t-elle.", "Il ne répondit pas.", "Voir p. 12 et suiv. pour la suite.",
           "Les habitants partagent un bien commun.", "Chacun y coupe du bois."],
    "es": ["La ciudad está junto al río y recibe a comerciantes desde la Edad Media.",
           "El Sr. García llegó a la ciudad el 3 de octubre de 2020 con su familia.",
           "Muchos productos, p. ej. las telas y las especias, venían del sur.",
           "La Sra. López escribió un libro sobre el tema.", "Él dijo que no.", "Luego se fue.",
           "Los profesores preparan las clases aprox. dos semanas antes.",
           "Habló del futuro de la ciudad, de las escuelas, de las calles, etc. y dio las gracias a todos.",
           "El público aplaudió con fuerza.", "Vive en EE. UU. desde hace años.", "—¿Vienes? —dijo él.",
           "Ella no contestó."],
    "it": ["La città si trova sulla riva del fiume e accoglie mercanti fin dal Medioevo.",
           "Il Sig. Rossi arrivò in città il 3 ottobre 2020 con la sua famiglia.",
           "Comprò pane, formaggio, vino ecc. e tornò a casa.",
           "Molti prodotti, ad es. i tessuti e le spezie, venivano dal sud.",
           "Il Dott. Verdi ne parlò alla radio.", "Oggi la città attira molti visitatori da tutto il mondo.",
           "Gli insegnanti preparano le lezioni ca. due settimane prima.", "Il pubblico applaudì forte.",
           "Poi tutti tornarono a casa."],
    "nl": ["De stad ligt aan de rivier en ontvangt al sinds de middeleeuwen handelaars.",
           "Dhr. Jansen kwam op 3 oktober 2020 met zijn gezin naar de stad.",
           "Hij kocht brood, kaas, wijn enz. en ging terug naar huis.",
           "Veel producten, bijv. stoffen en specerijen, kwamen uit het zuiden.",
           "Mevr. de Vries schreef er een boek over.", "De leraren bereiden de lessen ca. twee weken van tevoren voor.",
           "De burgemeester hield een toespraak voor het stadhuis.", "Daarna ging iedereen naar huis.",
           "In de tuin woont een mol.", "Hij graaft gangen."],
    "cs": ["Město leží u řeky a od středověku přijímá obchodníky.",
           "Dne 3. října 2020 přijel do města se svou rodinou.",
           "Koupil chléb, sýr, víno atd. a vrátil se domů.", "Mnoho zboží, např. látky a koření, přicházelo z jihu.",
           "Byla často čtena, tj. byla velmi oblíbená.", "Kniha vyšla v 19. století u malého nakladatele.",
           "Po 2. lednu začíná opět škola.", "Publikum hlasitě tleskalo.", "Potom šli všichni domů."],
    "el": ["Η πόλη βρίσκεται δίπλα στο ποτάμι και δέχεται εμπόρους από τον Μεσαίωνα.", "Πού είναι το σπίτι σου;",
           "Είναι κοντά στο λιμάνι.", "Τι ώρα φεύγει το πλοίο;", "Φεύγει στις οκτώ το πρωί.",
           "Οι έμποροι έρχονταν κυρίως από την Ιταλία και τη Γαλλία.", "Θέλεις να έρθεις μαζί μας;",
           "Ναι, θα έρθω με χαρά.", "Τα παιδιά παίζουν στο χιόνι και οι γονείς πίνουν ζεστό τσάι.",
           "Γιατί δεν ήρθες χθες;", "Ήμουν άρρωστος."],
}


# said once, after the text said twice (Punkt learns a pair said twice, "25. Heute", as a collocation)
ONCE = {"de": ["Der Preis war 25.", "Heute ist er höher, und wir zahlen heute mehr."]}


@pytest.mark.parametrize("code", sorted(SENTENCES))
def test_sentences_split_by_the_language_the_text_is_in(code):
    """Punkt (trained on the text, with English's abbreviations) split German ordinals ('am 3. | Oktober', 'am 4.[1] |
    Oktober' with a note mark; 'war 25. | Heute' ends a sentence: 'heute' is no noun) and abbreviations before a
    lowercase word ('usw. | und', 'p. ej. | las', 'atd. | a'), cut a dialogue's tag from its question ('« Est-ce fini ?
    » | demanda-t-elle', '„Ist es vorbei? | “, fragte sie', '—¿Vienes? | —dijo él') and put French's opening '«' at the
    end of the sentence before, kept Spanish's 'dijo que no.' joined to the next sentence (English's 'no.'), and never
    ended a Greek question (';'); it kept English's abbreviations of journals' names ('commun', 'oper', 'mol') in
    every language, so 'un bien commun. | Il', 'in die Oper. | Dort', 'een mol. | Hij' were not cut."""
    said = SENTENCES[code] * 2 + ONCE.get(code, [])
    assert identify(said).code == code
    assert split_sentences(" ".join(said)) == said
    doc = load(" ".join(said).encode(), source="text.txt")
    assert doc.elements == said


def test_a_reference_abbreviation_the_text_writes_in_lower_case_is_a_word():
    """French's 'un bien commun. Il est là.' was one sentence, 'commun' taken for ISO 4's 'Commun.'; a text read as
    English that writes one of them in lower case uses it as a word ('one mol.')."""
    for said in (["Nous avons un bien commun.", "Il est là."], ["We weighed one mol.", "Then it boiled over."]):
        assert split_sentences(" ".join(said)) == said
