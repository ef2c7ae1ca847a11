package org.example.holdout.helpers;

import java.util.ArrayList;
import java.util.List;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;

public final class Directory {
    private static final String PEOPLE = "ou=people,dc=example,dc=org";

    private Directory() {}

    public static List<String> search(DirContext ctx, String filter) throws NamingException {
        SearchControls sc = new SearchControls();
        sc.setSearchScope(SearchControls.SUBTREE_SCOPE);
        List<String> names = new ArrayList<>();
        NamingEnumeration<SearchResult> results = ctx.search(PEOPLE, filter, sc);
        while (results.hasMore()) names.add(results.next().getNameInNamespace());
        return names;
    }
}
