"""The text of the three test papers (make_papers.py typesets them). A paper is a title, authors, an abstract, a
list of sections (number, title, level, paragraphs), references and an appendix; "floats" puts a table or a
figure after a paragraph (section title, paragraph index) and "footnotes" a footnote there. Written for these tests."""

LEXICAL = {
    "title": "Segmenting Lecture Transcripts with Lexical Chains",
    "authors": "Ana Ruiz and Tomas Berg, Department of Linguistics, Northern University",
    "header": "Proceedings of the Workshop on Discourse Structure 2024",
    "abstract": (
        "Lecture transcripts are long and unstructured, and students who search them need to find the part that "
        "discusses a topic. We present a segmenter that follows chains of repeated words through a transcript and "
        "places boundaries where many chains end and new ones begin. On two corpora of recorded lectures the "
        "method lowers the segmentation error of a strong baseline by a fifth, and it needs no training data."),
    "sections": [
        ("1", "Introduction", 1, [
            "Recorded lectures have become a common way to teach, and universities now keep thousands of hours of "
            "them. A student who wants to review one concept must scroll through a whole recording, because a "
            "transcript has no headings. Automatic segmentation divides such a transcript into parts that each "
            "discuss one topic.",
            "Spoken lectures are harder to segment than written text. Speakers repeat themselves, digress and come "
            "back, and transcripts made by speech recognisers contain errors. Methods that were tuned on "
            "newspaper articles lose much of their accuracy on this material.",
            "This paper makes two contributions. First, we describe a segmenter based on lexical chains that is "
            "robust to repetition. Second, we evaluate it on two corpora of lectures and release our code."]),
        ("2", "Related Work", 1, [
            "Research on text segmentation has a long history, and most methods rest on the observation that "
            "vocabulary changes at topic boundaries."]),
        ("2.1", "Lexical Cohesion", 2, [
            "Halliday and Hasan described cohesion as the set of links that hold a text together. Repetition of a "
            "word is the simplest such link, and synonyms and related words form others. TextTiling compares "
            "adjacent blocks of text by the words they share and cuts where the similarity drops.",
            "Later work replaced block comparison with global optimisation. The C99 algorithm ranks similarities "
            "within a local window and divides the text by clustering, which makes it less sensitive to the "
            "length of segments."]),
        ("2.2", "Topic Models", 2, [
            "Probabilistic topic models describe each segment as a mixture of latent topics. Bayesian "
            "segmenters place boundaries where the topic mixture changes and choose the number of segments from "
            "the data. Their main cost is the time needed to infer the model for every document."]),
        ("3", "Method", 1, [
            "Our segmenter works in two steps: it first builds lexical chains and then scores every gap between "
            "two sentences as a candidate boundary."]),
        ("3.1", "Building Chains", 2, [
            "A chain links the occurrences of one content word when no more than a fixed number of sentences "
            "separate them. Stopwords are removed and the remaining words are reduced to their stems. A chain "
            "that spans a long stretch of the lecture marks a sustained topic.",
            "Chains break when a word is not used for a while. The maximum gap is the only parameter of this step, "
            "and we set it to eight sentences on held-out data."]),
        ("3.2", "Scoring Boundaries", 2, [
            "The score of a gap counts the chains that end just before it and the chains that start just after "
            "it. A high score means that the vocabulary of the lecture changes at this point. We select the gaps "
            "with the highest scores, keeping a minimum distance between two boundaries."]),
        ("4", "Experiments", 1, [
            "We compare our segmenter with TextTiling and with C99 on two collections of lecture transcripts."]),
        ("4.1", "Data", 2, [
            "The first corpus contains twenty lectures on artificial intelligence, each annotated with topic "
            "boundaries by two students. The second corpus has thirty lectures on physics with boundaries taken "
            "from the slides that the lecturer used. Both corpora were transcribed by hand."]),
        ("4.2", "Results", 2, [
            "Table 1 reports the error metric Pk for every method and corpus. Our segmenter has the lowest error on "
            "both corpora, and the gain is largest on the physics lectures, which contain long derivations.",
            "Errors of our method fall mostly on short digressions, where a chain survives across a brief change "
            "of subject. A longer minimum distance between boundaries would remove some of these errors."]),
        ("5", "Conclusion", 1, [
            "Lexical chains give a simple and effective segmenter for lecture transcripts. In future work we will "
            "apply the method to transcripts made by speech recognisers and to meetings."]),
        (None, "Limitations", 1, [
            "Our evaluation covers only English lectures on two subjects. The method relies on word repetition and "
            "will be weaker on texts that vary their vocabulary on purpose."]),
    ],
    "references": [
        "Freddy Choi. 2000. Advances in domain independent linear text segmentation. In Proceedings of NAACL.",
        "Michael Halliday and Ruqaiya Hasan. 1976. Cohesion in English. Longman, London.",
        "Marti Hearst. 1997. TextTiling: segmenting text into multi-paragraph subtopic passages. Computational "
        "Linguistics, 23(1):33-64.",
        "Igor Malioutov and Regina Barzilay. 2006. Minimum cut model for spoken lecture segmentation. In "
        "Proceedings of ACL.",
    ],
    "appendix": [
        ("A", "Additional Results", 1, [
            "We also measured the error metric WindowDiff, which penalises near misses more than Pk. The ranking of "
            "the methods is the same as in Table 1."]),
    ],
    "floats": {("Results", 0): ("table", "Table 1: Segmentation error Pk on the two corpora (lower is better).",
                            [["Method", "AI", "Physics"], ["TextTiling", "0.41", "0.44"], ["C99", "0.38", "0.40"],
                             ["Chains (ours)", "0.31", "0.30"]]),
               ("Building Chains", 0): ("figure", "Figure 1: Chains of repeated words across a lecture; boundaries "
                                                  "where many chains end.", ["chain", "sentence", "boundary"])},
    "footnotes": {("Introduction", 2): "Our code and models are available from the authors on request."},
}

RIVERS = {
    "title": "Monitoring River Ecosystems with Low-Cost Sensors",
    "authors": "Lena Okafor, Marc Duval and Priya Natarajan, Institute for Water Research",
    "header": "Journal of Environmental Instrumentation, Vol. 12, 2024",
    "abstract": (
        "Rivers change quickly after storms, yet most monitoring stations sample them only once a month. We built "
        "a sensor buoy from inexpensive parts that measures temperature, turbidity and dissolved oxygen every ten "
        "minutes. Twelve buoys ran for one year in three rivers and delivered data that agreed with laboratory "
        "samples."),
    "sections": [
        ("I", "Introduction", 1, [
            "Freshwater ecosystems respond within hours to heavy rain, pollution events and heat waves. Monthly "
            "grab samples miss most of these events, and commercial monitoring stations cost more than most "
            "local agencies can pay.",
            "We therefore designed a buoy that costs less than four hundred euros and can be assembled by "
            "volunteers. This article describes its design, a year of field use and the quality of its data."]),
        ("II", "Sensor Design", 1, [
            "The buoy carries three probes and a small computer in a waterproof housing that floats on the "
            "surface."]),
        ("A", "Hardware", 2, [
            "Temperature is measured by a sealed digital thermometer, turbidity by an optical probe that counts "
            "scattered light, and oxygen by a galvanic cell. A microcontroller reads the probes and stores the "
            "values on a memory card.",
            "The housing is a length of drainage pipe closed by two caps. Foam rings keep it upright in the "
            "current, and a steel cable ties it to an anchor on the river bed."]),
        ("B", "Power Budget", 2, [
            "A solar panel of five watts charges a lithium battery. The microcontroller sleeps between readings, "
            "so the buoy uses little energy and keeps running through two weeks of cloudy weather. In winter the "
            "reading interval is doubled to save power."]),
        ("III", "Field Deployment", 1, [
            "Twelve buoys were placed in three rivers of different size and land use."]),
        ("A", "Study Sites", 2, [
            "The first river drains farmland and carries much sediment after rain. The second flows through a "
            "city and receives storm water from the streets. The third is a forest stream with clear and cold "
            "water."]),
        ("B", "Maintenance", 2, [
            "Volunteers visited every buoy twice a month to clean the probes and to copy the data. Algae on the "
            "optical probe were the most frequent problem, and a small brush that wipes the window every day "
            "solved it."]),
        ("IV", "Results", 1, [
            "The buoys recorded data on ninety-four percent of all days. Measurements of temperature agreed with "
            "laboratory samples within a tenth of a degree, and turbidity within eight percent.",
            "Storms raised the turbidity of the farmland river tenfold within an hour, while the forest stream "
            "barely changed. These events were invisible in the monthly samples of the regional agency."]),
        ("V", "Conclusion", 1, [
            "Inexpensive buoys can monitor rivers continuously and reveal short events that monthly sampling "
            "misses. We will publish the building instructions so that other groups can copy the design."]),
    ],
    "references": [
        "J. Smith and K. Lee, Continuous water quality monitoring, Water Research, vol. 45, pp. 12-20, 2019.",
        "M. Rossi, Low-cost sensors for environmental science, Sensors, vol. 18, 2018.",
        "P. Novak, Storm events in small catchments, Hydrology Journal, vol. 7, pp. 101-118, 2020.",
    ],
    "appendix": [
        (None, "Appendix: Parts List", 1, [
            "The buoy uses a standard microcontroller board, three probes, a solar panel, a battery and a "
            "waterproof housing made of drainage pipe. The complete list with suppliers is available on request."]),
    ],
    "floats": {("Results", 0): ("table", "TABLE I: Agreement with laboratory samples.",
                           [["Quantity", "Mean error", "Samples"], ["Temperature", "0.1 C", "212"],
                            ["Turbidity", "8 %", "198"], ["Oxygen", "5 %", "187"]])},
    "footnotes": {("Hardware", 0): "The probes were calibrated in the laboratory before deployment."},
}

BREAD = {
    "title": "Fermentation Time and the Flavour of Sourdough Bread",
    "authors": "Clara Jensen and Omar Haddad, Food Science Group, Coastal University",
    "header": "Workshop on Food Chemistry 2024",
    "abstract": (
        "Bakers say that a long fermentation gives sourdough bread more flavour. We baked loaves with "
        "fermentation times from four to twenty-four hours and asked a panel to taste them. Longer fermentation "
        "raised the acidity of the crumb and the panel preferred loaves fermented for twelve hours."),
    "sections": [
        ("1", "Introduction", 1, [
            "Sourdough bread rises with a culture of wild yeast and lactic acid bacteria instead of baker's yeast. "
            "The culture needs time, and many bakeries shorten the fermentation to bake more loaves in a day.",
            "How much flavour is lost when the fermentation is short has rarely been measured. This study compares "
            "loaves that differ only in the length of their fermentation.",
            "Earlier studies measured the acids in the dough but did not ask people to taste the bread. Acidity alone "
            "does not tell whether a loaf is pleasant, because aroma and texture also shape what tasters like."]),
        ("2", "Background", 1, [
            "Two groups of microbes work together in a sourdough starter."]),
        ("2.1", "Wild Yeast", 2, [
            "Wild yeast produces carbon dioxide, which makes the dough rise, and small amounts of alcohol and "
            "aroma compounds. It tolerates the acid that the bacteria produce."]),
        ("2.2", "Lactic Acid Bacteria", 2, [
            "The bacteria turn sugars into lactic and acetic acid. These acids give sourdough its sour taste and "
            "keep the bread fresh for longer, because they slow the growth of moulds.",
            "The balance between lactic and acetic acid depends on temperature and on the firmness of the dough. "
            "A warm and soft dough favours lactic acid, which tastes mild, while a cool and stiff dough gives more "
            "of the sharper acetic acid."]),
        ("3", "Methods", 1, [
            "All loaves used the same flour, water, salt and starter. The dough rested at twenty-two degrees for "
            "four, eight, twelve or twenty-four hours before baking in the same oven.",
            "A panel of twenty tasters scored each loaf for sourness, aroma and overall liking without knowing "
            "its fermentation time. We also measured the acidity of the crumb.",
            "Each loaf was baked three times on different days, and the order in which the tasters received the "
            "slices was drawn at random. Tasters rinsed their mouths with water between two slices."]),
        ("4", "Results", 1, [
            "Acidity rose steadily with the fermentation time. The panel liked the loaves fermented for twelve "
            "hours best and found the loaves fermented for a whole day too sour.",
            "Aroma scores followed the same pattern as liking, which suggests that aroma compounds, not only "
            "acids, build up during a longer fermentation."]),
        ("5", "Discussion", 1, [
            "A fermentation of about twelve hours seems to balance sourness and aroma. Bakeries can reach it by "
            "preparing the dough in the evening and baking in the morning.",
            "Our panel was small and came from one region, where sour bread is common. Tasters from other regions may "
            "prefer milder loaves, and a larger study should include them. The flour also matters: whole grain flour "
            "feeds the bacteria faster than white flour and may shorten the best fermentation time."]),
    ],
    "references": [
        "Anna Becker. 2015. The microbiology of sourdough. Food Microbiology, 30:1-12.",
        "Luis Ortega and Mei Chen. 2019. Acids and aroma in bread. Journal of Cereal Science, 88:45-53.",
    ],
    "appendix": [
        ("A", "Recipe", 1, [
            "Mix five hundred grams of flour with three hundred and fifty grams of water, one hundred grams of "
            "starter and ten grams of salt. Fold the dough four times during the first two hours."]),
    ],
    "floats": {},
    "footnotes": {},
}

PAPERS = {"lexical_chains": LEXICAL, "river_sensors": RIVERS, "sourdough_nospace": BREAD}
